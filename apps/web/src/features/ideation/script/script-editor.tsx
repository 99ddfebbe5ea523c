/**
 * The script editor of a saved idea (TipTap). Loaded lazily by the saved-ideas page when a
 * script opens, so TipTap and turndown stay out of every other route's code.
 */
import { useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import CloudSyncOutlined from '@mui/icons-material/CloudSyncOutlined';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import Redo from '@mui/icons-material/Redo';
import Title from '@mui/icons-material/Title';
import Undo from '@mui/icons-material/Undo';
import type { VideoScript } from '@tubewise/contract';
import { notify } from '../../../lib/notify.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { downloadText, scriptFileName, scriptToMarkdown, scriptToText } from './script-export.ts';
import type { ScriptSync, ScriptSyncSnapshot } from './script-sync.ts';
import { scriptExtensions } from './script-extensions.ts';
import { useScriptSaveShortcut, useScriptSync } from './use-script-sync.ts';

/** Props of the script editor: the saved idea and its script as the server has it. */
export interface ScriptEditorProps {
  ideaId: string;
  phrase: string;
  script: VideoScript;
  /** Hears every successful save (the list of saved ideas shows when the script was saved). */
  onSaved?: (script: VideoScript) => void;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const MOD = isMac ? '⌘' : 'Ctrl+';

interface ToolbarState {
  heading: boolean;
  subheading: boolean;
  bold: boolean;
  italic: boolean;
  bulletList: boolean;
  orderedList: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

function Tool({
  label,
  shortcut,
  keys,
  selected,
  disabled,
  onClick,
  children,
}: {
  label: string;
  shortcut: string;
  keys: string;
  selected?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={`${label} (${shortcut})`}>
      <span>
        <ToggleButton
          value={label}
          size="small"
          aria-label={label}
          aria-keyshortcuts={keys}
          selected={Boolean(selected)}
          disabled={disabled}
          // Keep the selection in the editor: a mouse click must not move the focus first.
          onMouseDown={(event) => event.preventDefault()}
          onChange={onClick}
          sx={{ border: 0 }}
        >
          {children}
        </ToggleButton>
      </span>
    </Tooltip>
  );
}

function FormattingToolbar({ editor }: { editor: Editor }) {
  const state = useEditorState<ToolbarState>({
    editor,
    selector: ({ editor: e }) => ({
      heading: e.isActive('heading', { level: 2 }),
      subheading: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <Stack
      role="toolbar"
      aria-label="Formatting"
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 0.5, alignItems: 'center', p: 0.5 }}
    >
      <Tool
        label="Heading"
        shortcut={`${MOD}Alt+2`}
        keys={isMac ? 'Meta+Alt+2' : 'Control+Alt+2'}
        selected={state.heading}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      >
        <Title fontSize="small" />
      </Tool>
      <Tool
        label="Subheading"
        shortcut={`${MOD}Alt+3`}
        keys={isMac ? 'Meta+Alt+3' : 'Control+Alt+3'}
        selected={state.subheading}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      >
        <Title sx={{ fontSize: '1rem' }} />
      </Tool>
      <Divider flexItem orientation="vertical" />
      <Tool
        label="Bold"
        shortcut={`${MOD}B`}
        keys={isMac ? 'Meta+B' : 'Control+B'}
        selected={state.bold}
        onClick={() => chain().toggleBold().run()}
      >
        <FormatBold fontSize="small" />
      </Tool>
      <Tool
        label="Italic"
        shortcut={`${MOD}I`}
        keys={isMac ? 'Meta+I' : 'Control+I'}
        selected={state.italic}
        onClick={() => chain().toggleItalic().run()}
      >
        <FormatItalic fontSize="small" />
      </Tool>
      <Divider flexItem orientation="vertical" />
      <Tool
        label="Bulleted list"
        shortcut={`${MOD}Shift+8`}
        keys={isMac ? 'Meta+Shift+8' : 'Control+Shift+8'}
        selected={state.bulletList}
        onClick={() => chain().toggleBulletList().run()}
      >
        <FormatListBulleted fontSize="small" />
      </Tool>
      <Tool
        label="Numbered list"
        shortcut={`${MOD}Shift+7`}
        keys={isMac ? 'Meta+Shift+7' : 'Control+Shift+7'}
        selected={state.orderedList}
        onClick={() => chain().toggleOrderedList().run()}
      >
        <FormatListNumbered fontSize="small" />
      </Tool>
      <Divider flexItem orientation="vertical" />
      <Tool
        label="Undo"
        shortcut={`${MOD}Z`}
        keys={isMac ? 'Meta+Z' : 'Control+Z'}
        disabled={!state.canUndo}
        onClick={() => chain().undo().run()}
      >
        <Undo fontSize="small" />
      </Tool>
      <Tool
        label="Redo"
        shortcut={isMac ? '⌘Shift+Z' : 'Ctrl+Y'}
        keys={isMac ? 'Meta+Shift+Z' : 'Control+Y'}
        disabled={!state.canRedo}
        onClick={() => chain().redo().run()}
      >
        <Redo fontSize="small" />
      </Tool>
    </Stack>
  );
}

/** The save state in words (the live region's text). */
export function saveStateText(snapshot: ScriptSyncSnapshot): string {
  switch (snapshot.status) {
    case 'saved':
      return snapshot.savedAt
        ? `Saved ${formatDateTime(snapshot.savedAt)}${snapshot.savedBy ? ` by ${snapshot.savedBy}` : ''}`
        : 'Saved';
    case 'pending':
    case 'saving':
      return 'Saving…';
    case 'offline':
      return 'Offline — your changes are kept in this browser and will be saved when the connection is back';
    case 'retrying':
      return 'Not saved yet — kept in this browser, trying again shortly';
    case 'error':
      return `Not saved — ${snapshot.error ?? 'the server refused the script'}`;
    case 'conflict':
      return 'Not saved — choose which version to keep';
  }
}

function SaveState({ snapshot, sync }: { snapshot: ScriptSyncSnapshot; sync: ScriptSync }) {
  const { status } = snapshot;
  const icon =
    status === 'saved' ? (
      <CloudDoneOutlined fontSize="small" color="success" />
    ) : status === 'offline' ? (
      <CloudOffOutlined fontSize="small" color="warning" />
    ) : status === 'pending' || status === 'saving' ? (
      <CloudSyncOutlined fontSize="small" color="action" />
    ) : (
      <ErrorOutlined fontSize="small" color="error" />
    );
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', minHeight: 32 }}>
      {icon}
      <Typography
        role="status"
        aria-live="polite"
        aria-label="Save state"
        variant="body2"
        color={status === 'error' ? 'error' : 'text.secondary'}
        sx={{ flex: 1, minWidth: 180 }}
      >
        {saveStateText(snapshot)}
      </Typography>
      {status === 'offline' || status === 'retrying' || status === 'error' ? (
        <Button size="small" onClick={() => sync.retryNow()}>
          Try saving again
        </Button>
      ) : null}
    </Stack>
  );
}

async function copyText(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify(`${what} copied`, { variant: 'success' });
  } catch {
    notify('Copying was refused by the browser. Select the text and copy it instead.', {
      variant: 'warning',
    });
  }
}

/** A read-only version of a script, as text the person can select or copy. */
function VersionText({ label, html }: { label: string; html: string }) {
  return (
    <Box
      role="document"
      aria-label={label}
      tabIndex={0}
      sx={{
        my: 1,
        p: 1.5,
        maxHeight: 240,
        overflow: 'auto',
        whiteSpace: 'pre-wrap',
        bgcolor: 'background.paper',
        color: 'text.primary',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        fontSize: '0.875rem',
      }}
    >
      {scriptToText(html).trim() || '(empty)'}
    </Box>
  );
}

function ConflictMessage({
  snapshot,
  sync,
  onTakeTheirs,
}: {
  snapshot: ScriptSyncSnapshot;
  sync: ScriptSync;
  onTakeTheirs: () => void;
}) {
  const theirs = snapshot.conflict;
  if (!theirs) return null;
  const when = theirs.updatedAt ? ` at ${formatDateTime(theirs.updatedAt)}` : '';
  const by = theirs.updatedByName ? ` by ${theirs.updatedByName}` : '';
  return (
    <Alert severity="warning" role="alert" slotProps={{ message: { sx: { width: '100%' } } }}>
      <AlertTitle>
        {snapshot.conflictSource === 'browser'
          ? `This browser kept changes that were never saved, and the script was saved${by}${when} since`
          : `Someone else saved this script${by}${when}`}
      </AlertTitle>
      <Typography variant="body2">
        Your version is still in the editor and kept in this browser; nothing was overwritten. Keep
        yours (saved on top of theirs) or take theirs (yours stays here to copy).
      </Typography>
      <VersionText label="Their version" html={theirs.content} />
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" color="warning" onClick={() => sync.keepMine()}>
          Keep my version
        </Button>
        <Button variant="outlined" color="inherit" onClick={onTakeTheirs}>
          Take their version
        </Button>
        <Button
          color="inherit"
          onClick={() => void copyText(scriptToText(theirs.content), 'Their version')}
        >
          Copy their version
        </Button>
      </Stack>
    </Alert>
  );
}

function SetAsideMessage({ snapshot, sync }: { snapshot: ScriptSyncSnapshot; sync: ScriptSync }) {
  const aside = snapshot.setAside;
  if (!aside) return null;
  const label = aside.whose === 'mine' ? 'Your replaced version' : 'Their replaced version';
  return (
    <Alert
      severity="info"
      onClose={() => sync.dismissNotices()}
      slotProps={{ message: { sx: { width: '100%' } }, closeButton: { title: 'Dismiss' } }}
    >
      <AlertTitle>
        {aside.whose === 'mine'
          ? 'You took their version. Yours is below to copy.'
          : 'You kept your version. Theirs is below to copy.'}
      </AlertTitle>
      <VersionText label={label} html={aside.content} />
      <Button
        size="small"
        color="inherit"
        onClick={() => void copyText(scriptToText(aside.content), label)}
      >
        Copy {aside.whose === 'mine' ? 'your' : 'their'} replaced version
      </Button>
    </Alert>
  );
}

/** The script editor: toolbar, text, save state, conflict choices and exports. */
export default function ScriptEditor({ ideaId, phrase, script, onSaved }: ScriptEditorProps) {
  const { sync, snapshot } = useScriptSync(ideaId, script, onSaved);
  const [initialContent] = useState(snapshot.content);
  const editor = useEditor({
    extensions: scriptExtensions(),
    content: initialContent,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': `Script of “${phrase}”`,
        spellcheck: 'true',
      },
    },
    onUpdate: ({ editor: e }) => sync.edit(e.getHTML()),
  });

  useScriptSaveShortcut(() => sync.saveNow());

  const takeTheirs = (): void => {
    const content = sync.takeTheirs();
    editor.commands.setContent(content, { emitUpdate: false });
  };

  const exportAs = (kind: 'md' | 'txt'): void => {
    const html = editor.getHTML();
    if (kind === 'md') {
      downloadText(scriptFileName(phrase, 'md'), scriptToMarkdown(html), 'text/markdown');
    } else {
      downloadText(scriptFileName(phrase, 'txt'), scriptToText(html), 'text/plain');
    }
  };

  return (
    <Stack sx={{ gap: 2 }}>
      {snapshot.restored ? (
        <Alert
          severity="info"
          onClose={() => sync.dismissNotices()}
          slotProps={{ closeButton: { title: 'Dismiss' } }}
        >
          Restored changes from this browser that had not reached the server yet.
        </Alert>
      ) : null}
      <ConflictMessage snapshot={snapshot} sync={sync} onTakeTheirs={takeTheirs} />
      <SetAsideMessage snapshot={snapshot} sync={sync} />
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <FormattingToolbar editor={editor} />
        <Divider />
        <Box
          sx={{
            px: { xs: 1.5, sm: 2.5 },
            py: 1,
            '& .tiptap': {
              minHeight: { xs: 240, md: 360 },
              outline: 'none',
              lineHeight: 1.6,
              '& h2': { typography: 'h5', mt: 2, mb: 1 },
              '& h3': { typography: 'h6', mt: 1.5, mb: 0.5 },
              '& p': { my: 1 },
              '& ul, & ol': { pl: 3 },
            },
            '&:focus-within': { boxShadow: (t) => `inset 0 0 0 2px ${t.palette.primary.main}` },
          }}
        >
          <EditorContent editor={editor} />
        </Box>
      </Paper>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1, alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Box sx={{ flex: 1 }}>
          <SaveState snapshot={snapshot} sync={sync} />
        </Box>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button
            size="small"
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            onClick={() => exportAs('md')}
          >
            Export as Markdown
          </Button>
          <Button
            size="small"
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            onClick={() => exportAs('txt')}
          >
            Export as plain text
          </Button>
        </Stack>
      </Stack>
    </Stack>
  );
}
