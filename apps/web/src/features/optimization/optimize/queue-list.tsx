import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RedoOutlined from '@mui/icons-material/RedoOutlined';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import { levelColor } from '../list/format.ts';
import { UNTITLED } from '../list/video-cells.tsx';
import { itemStatus, queueCounts, type ItemStatus, type QueueState } from './queue-state.ts';

/** Id of the queue list (the "Jump to the queue list" link's target). */
export const QUEUE_LIST_ID = 'optimize-queue';

const STATUS_TEXT: Record<ItemStatus, string> = {
  published: 'published',
  skipped: 'skipped',
  pending: 'to do',
};

function StatusIcon({ status, number }: { status: ItemStatus; number: number }) {
  if (status === 'published') return <CheckCircle color="success" fontSize="small" aria-hidden />;
  if (status === 'skipped') return <RedoOutlined color="action" fontSize="small" aria-hidden />;
  return (
    <Typography variant="body2" color="text.secondary" aria-hidden sx={{ minWidth: 20 }}>
      {number}
    </Typography>
  );
}

/**
 * The queue in order: each video's title and level as the queue started, ticked once published,
 * marked when skipped; the current one is marked and any can be opened.
 */
export function QueueList({
  state,
  onJump,
}: {
  state: QueueState;
  /** Opens the video at this index of the queue. */
  onJump: (index: number) => void;
}) {
  const counts = queueCounts(state);
  return (
    <Paper
      component="aside"
      variant="outlined"
      id={QUEUE_LIST_ID}
      aria-labelledby="optimize-queue-heading"
      tabIndex={-1}
      sx={{
        p: 2,
        position: { xl: 'sticky' },
        top: { xl: 16 },
        maxHeight: { xl: 'calc(100vh - 112px)' },
        overflowY: { xl: 'auto' },
      }}
    >
      <Typography variant="h3" component="h2" id="optimize-queue-heading">
        Queue
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {counts.done} of {counts.total} done · {counts.published} published · {counts.skipped}{' '}
        skipped
      </Typography>
      <List component="ol" dense disablePadding aria-label="Videos of the queue">
        {state.items.map((item, index) => {
          const status = itemStatus(state, item.videoId);
          const current = index === state.position;
          return (
            <ListItem key={item.videoId} disablePadding>
              <ListItemButton
                selected={current}
                aria-current={current ? 'step' : undefined}
                onClick={() => onJump(index)}
                sx={{ borderRadius: 1, alignItems: 'flex-start' }}
              >
                <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>
                  <StatusIcon status={status} number={index + 1} />
                </ListItemIcon>
                <ListItemText
                  primary={
                    <>
                      <Box component="span" sx={visuallyHidden}>
                        {index + 1}.{' '}
                      </Box>
                      {item.title || UNTITLED}
                    </>
                  }
                  secondary={
                    <>
                      <Box component="span" sx={{ color: `${levelColor(item.level)}.main` }}>
                        Level {item.level}%
                      </Box>
                      {status === 'pending' ? null : ` · ${STATUS_TEXT[status]}`}
                      {current ? (
                        <Box component="span" sx={visuallyHidden}>
                          {' '}
                          (current)
                        </Box>
                      ) : null}
                    </>
                  }
                  slotProps={{
                    primary: {
                      sx: {
                        fontWeight: current ? 600 : 400,
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        display: '-webkit-box',
                        WebkitLineClamp: 2,
                        WebkitBoxOrient: 'vertical',
                        overflowWrap: 'anywhere',
                      },
                    },
                  }}
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}
