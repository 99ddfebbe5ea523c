import { useId, useState } from 'react';
import type { AiFeedback, AiFeedbackBody, AiGeneration, AiSuggestion } from '@tubewise/contract';
import {
  codePointLength,
  PLATFORM_LIMITS,
  utf8ByteLength,
  type LimitError,
} from '@tubewise/recommendations';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import ThumbDown from '@mui/icons-material/ThumbDown';
import ThumbDownOutlined from '@mui/icons-material/ThumbDownOutlined';
import ThumbUp from '@mui/icons-material/ThumbUp';
import ThumbUpOutlined from '@mui/icons-material/ThumbUpOutlined';
import { formatDateTime, formatNumber } from '../../../../lib/format.ts';
import { toggledFeedback } from '../../api/ai-metadata.ts';
import {
  aiAuthorText,
  aiInputsText,
  descriptionLimitErrors,
  titleLimitErrors,
} from '../ai-texts.ts';

/** A description preview longer than this (characters or lines) starts folded. */
const PREVIEW_CHARS = 280;
const PREVIEW_LINES = 4;

/** Thumbs up and down of one text; pressing the active thumb again unsets the rating. */
function FeedbackButtons({
  name,
  value,
  onRate,
}: {
  /** "title 2", "the description". */
  name: string;
  value: AiFeedback;
  onRate: (value: AiFeedback) => void;
}) {
  const thumb = (direction: 'up' | 'down') => {
    const active = value === direction;
    const label = `Rate ${name} ${direction}`;
    const Icon =
      direction === 'up'
        ? active
          ? ThumbUp
          : ThumbUpOutlined
        : active
          ? ThumbDown
          : ThumbDownOutlined;
    return (
      <Tooltip title={label}>
        <IconButton
          size="small"
          aria-label={label}
          aria-pressed={active}
          color={active ? 'primary' : 'default'}
          onClick={() => onRate(toggledFeedback(value, direction))}
        >
          <Icon fontSize="small" />
        </IconButton>
      </Tooltip>
    );
  };
  return (
    <>
      {thumb('up')}
      {thumb('down')}
    </>
  );
}

/** "Use": inert when the text is already in the field, disabled when it breaks a hard limit. */
function UseButton({
  name,
  inUse,
  errors,
  errorsId,
  onUse,
}: {
  name: string;
  inUse: boolean;
  errors: LimitError[];
  errorsId: string;
  onUse: () => void;
}) {
  const blocked = errors.length > 0;
  return (
    <Button
      size="small"
      variant="outlined"
      // In use: aria-disabled, not disabled, so the focus stays on the button just pressed.
      disabled={blocked}
      aria-disabled={inUse || blocked}
      aria-label={inUse ? `${name} is in use` : `Use ${name}`}
      aria-describedby={blocked ? errorsId : undefined}
      onClick={inUse ? undefined : onUse}
      sx={{ ml: 0.5 }}
    >
      {inUse ? 'In use' : 'Use'}
    </Button>
  );
}

/** Why a suggestion cannot be used: the platform's hard limits it breaks. */
function BlockedReasons({ errors, id }: { errors: LimitError[]; id: string }) {
  if (errors.length === 0) return null;
  return (
    <Box id={id} sx={{ mt: 0.5 }}>
      {errors.map((e) => (
        <Stack key={e.code} direction="row" sx={{ gap: 0.5, color: 'error.main' }}>
          <ErrorOutline fontSize="small" aria-hidden />
          <Typography variant="body2">Cannot be used: {e.message}</Typography>
        </Stack>
      ))}
    </Box>
  );
}

function TitleSuggestion({
  index,
  suggestion,
  inUse,
  onUse,
  onRate,
}: {
  index: number;
  suggestion: AiSuggestion;
  inUse: boolean;
  onUse: () => void;
  onRate: (value: AiFeedback) => void;
}) {
  const errorsId = useId();
  const name = `title ${index + 1}`;
  const errors = titleLimitErrors(suggestion.text);
  const length = codePointLength(suggestion.text);
  const max = PLATFORM_LIMITS.TITLE_MAX_CHARS;
  return (
    <Box
      component="li"
      aria-label={`Title ${index + 1}`}
      sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}
    >
      <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {suggestion.text}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.25 }}>
        <Typography
          variant="caption"
          color={length > max ? 'error' : 'text.secondary'}
          sx={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {length} of {max} characters
        </Typography>
        <Box sx={{ flex: 1 }} />
        <FeedbackButtons name={name} value={suggestion.feedback} onRate={onRate} />
        <UseButton name={name} inUse={inUse} errors={errors} errorsId={errorsId} onUse={onUse} />
      </Stack>
      <BlockedReasons errors={errors} id={errorsId} />
    </Box>
  );
}

function DescriptionSuggestion({
  suggestion,
  inUse,
  onUse,
  onRate,
}: {
  suggestion: AiSuggestion;
  inUse: boolean;
  onUse: () => void;
  onRate: (value: AiFeedback) => void;
}) {
  const headingId = useId();
  const textId = useId();
  const errorsId = useId();
  const [expanded, setExpanded] = useState(false);
  const { text } = suggestion;
  const errors = descriptionLimitErrors(text);
  const bytes = utf8ByteLength(text);
  const max = PLATFORM_LIMITS.DESCRIPTION_MAX_BYTES;
  const long = text.length > PREVIEW_CHARS || text.split('\n').length > PREVIEW_LINES;
  const folded = long && !expanded;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1, mb: 0.5 }}>
        <Typography id={headingId} variant="subtitle2" component="h3">
          Description
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Typography
          variant="caption"
          color={bytes > max ? 'error' : 'text.secondary'}
          sx={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {formatNumber(bytes)} of {formatNumber(max)} bytes
        </Typography>
      </Stack>
      <Typography
        id={textId}
        variant="body2"
        component="div"
        sx={{
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          // Folded: the first lines, fading out (the whole text is still read by screen readers).
          maxHeight: folded ? '7.5em' : 'none',
          overflow: 'hidden',
          maskImage: folded ? 'linear-gradient(to bottom, black 55%, transparent)' : 'none',
        }}
      >
        {text}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
        {long ? (
          <Button
            size="small"
            aria-expanded={expanded}
            aria-controls={textId}
            onClick={() => setExpanded((open) => !open)}
          >
            {expanded ? 'Show less' : 'Show all'}
          </Button>
        ) : null}
        <Box sx={{ flex: 1 }} />
        <FeedbackButtons name="the description" value={suggestion.feedback} onRate={onRate} />
        <UseButton
          name="the description"
          inUse={inUse}
          errors={errors}
          errorsId={errorsId}
          onUse={onUse}
        />
      </Stack>
      <BlockedReasons errors={errors} id={errorsId} />
    </Box>
  );
}

/** Who wrote the suggestions, for which term, from what, and who asked for them. */
export function AiGenerationCaption({ generation }: { generation: AiGeneration }) {
  const asked = generation.requestedBy ? ` Asked for by ${generation.requestedBy}` : ' Asked for';
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
      {aiAuthorText(generation)} {aiInputsText(generation.inputs)}
      {`${asked} on ${formatDateTime(generation.createdAt)}.`} AI can be wrong: read each text
      before you use it.
    </Typography>
  );
}

/** Props of the finished generation's view. */
export interface AiGenerationResultProps {
  generation: AiGeneration;
  currentTitle: string;
  currentDescription: string;
  onUseTitle: (index: number, text: string) => void;
  onUseDescription: (text: string) => void;
  onRate: (body: AiFeedbackBody) => void;
}

/**
 * The titles (each with its length, thumbs and Use) and the description (folded preview, size,
 * thumbs and Use) of a finished generation, and what went into it.
 */
export function AiGenerationResult({
  generation,
  currentTitle,
  currentDescription,
  onUseTitle,
  onUseDescription,
  onRate,
}: AiGenerationResultProps) {
  const titlesId = useId();
  const { titles, description } = generation;
  return (
    <>
      {titles.length > 0 ? (
        <>
          <Typography id={titlesId} variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            Titles
          </Typography>
          <Box component="ol" aria-labelledby={titlesId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {titles.map((suggestion, index) => (
              <TitleSuggestion
                // The generation's titles never change order: the index is their identity.
                key={index}
                index={index}
                suggestion={suggestion}
                inUse={suggestion.text === currentTitle}
                onUse={() => onUseTitle(index, suggestion.text)}
                onRate={(value) => onRate({ target: 'title', index, value })}
              />
            ))}
          </Box>
        </>
      ) : null}
      {description ? (
        <DescriptionSuggestion
          suggestion={description}
          inUse={description.text === currentDescription}
          onUse={() => onUseDescription(description.text)}
          onRate={(value) => onRate({ target: 'description', value })}
        />
      ) : null}
      <AiGenerationCaption generation={generation} />
    </>
  );
}
