import { lazy, Suspense, useRef, useState, type SyntheticEvent } from 'react';
import {
  PLATFORM_LIMITS,
  utf8ByteLength,
  type LimitError,
  type Tip,
} from '@tubewise/recommendations';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import { insertText } from '../editor-texts.ts';
import type { TemplateItem } from '../editor-state.ts';
import { Counter, FieldHeader, FieldTips, LimitErrors } from './field-parts.tsx';
import type { TemplateManagerProps } from './template-manager.tsx';

// The manager is a dialog few people open on a visit: it loads on first use.
const TemplateManager = lazy(() => import('./template-manager.tsx'));

/** Props of the description field. */
export interface DescriptionFieldProps {
  value: string;
  onChange: (value: string) => void;
  dirty: boolean;
  onReset: () => void;
  errors: LimitError[];
  tips: Tip[];
  templates: TemplateItem[];
  manager: Omit<TemplateManagerProps, 'open' | 'onClose' | 'onInsert'>;
}

/**
 * The description (multiline) with its x/5000 bytes counter, a menu that inserts a template at
 * the cursor (or appends it when the field was never focused), and the template manager.
 */
export function DescriptionField({
  value,
  onChange,
  dirty,
  onReset,
  errors,
  tips,
  templates,
  manager,
}: DescriptionFieldProps) {
  const input = useRef<HTMLTextAreaElement | null>(null);
  // Where the cursor was last; null until the person puts it somewhere.
  const selection = useRef<{ start: number; end: number } | null>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [managerOpen, setManagerOpen] = useState(false);
  const saved = templates.filter((t) => !t.create);

  const remember = (event: SyntheticEvent): void => {
    const el = event.target as HTMLTextAreaElement;
    if (el.selectionStart !== null && el.selectionEnd !== null) {
      selection.current = { start: el.selectionStart, end: el.selectionEnd };
    }
  };

  const insert = (content: string): void => {
    const at = selection.current;
    const next = insertText(value, content, at?.start ?? null, at?.end ?? null);
    onChange(next.text);
    selection.current = { start: next.cursor, end: next.cursor };
    setMenuAnchor(null);
    // Back to the text, cursor after the inserted template.
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(next.cursor, next.cursor);
    });
  };

  return (
    <Box component="section" aria-label="Description">
      <FieldHeader label="Description" htmlFor="video-description" dirty={dirty} onReset={onReset}>
        <Button
          size="small"
          endIcon={<ArrowDropDown />}
          aria-haspopup="menu"
          aria-expanded={menuAnchor ? 'true' : undefined}
          aria-controls={menuAnchor ? 'template-menu' : undefined}
          onClick={(e) => setMenuAnchor(e.currentTarget)}
        >
          Insert template
        </Button>
        <Button size="small" onClick={() => setManagerOpen(true)}>
          Manage templates
        </Button>
      </FieldHeader>
      <Menu
        id="template-menu"
        anchorEl={menuAnchor}
        open={menuAnchor !== null}
        onClose={() => setMenuAnchor(null)}
        slotProps={{ list: { 'aria-label': 'Templates' } }}
      >
        {saved.length === 0 ? (
          <MenuItem disabled>No templates yet</MenuItem>
        ) : (
          saved.map((t) => (
            <MenuItem key={t.id} onClick={() => insert(t.content)}>
              {t.title}
            </MenuItem>
          ))
        )}
        <MenuItem
          onClick={() => {
            setMenuAnchor(null);
            setManagerOpen(true);
          }}
        >
          Manage templates…
        </MenuItem>
      </Menu>
      <TextField
        id="video-description"
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          remember(e);
        }}
        inputRef={input}
        multiline
        minRows={8}
        maxRows={24}
        error={errors.length > 0}
        fullWidth
        slotProps={{
          htmlInput: {
            'aria-describedby': errors.length > 0 ? 'video-description-errors' : undefined,
            onSelect: remember,
            onClick: remember,
            onKeyUp: remember,
          },
        }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Counter
          used={utf8ByteLength(value)}
          max={PLATFORM_LIMITS.DESCRIPTION_MAX_BYTES}
          unit="bytes"
          label="Description size"
        />
      </Box>
      <LimitErrors errors={errors} id="video-description-errors" />
      <FieldTips tips={tips} label="Description tips" />
      {managerOpen ? (
        <Suspense fallback={null}>
          <TemplateManager
            {...manager}
            open
            onClose={() => setManagerOpen(false)}
            onInsert={(content) => {
              setManagerOpen(false);
              insert(content);
            }}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
