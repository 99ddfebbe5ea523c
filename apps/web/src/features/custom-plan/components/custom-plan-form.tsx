import { useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { isApiError } from '../../../lib/api-error.ts';
import { useRequestCustomPlan } from '../api/request-custom-plan.ts';
import {
  COUNT_FIELDS,
  countHelper,
  EMPTY_VALUES,
  issuesToErrors,
  messageCounter,
  toBody,
  type CustomPlanField,
  type CustomPlanValues,
  type FieldErrors,
} from '../custom-plan-fields.ts';
import { CustomPlanConfirmation } from './custom-plan-confirmation.tsx';

/** The general message of a failure that names no field. */
export const SEND_FAILED_TEXT = 'We could not send your request. Please try again.';
/** The general message when fields need correcting. */
export const CORRECT_FIELDS_TEXT = 'Please correct the fields marked below.';

/** The error shown above the form for a failed send (the fields carry their own). */
function failureText(err: unknown, fieldErrors: FieldErrors): string {
  // The server's words for its limit say how long to wait.
  if (isApiError(err, 429)) return err.message;
  if (Object.keys(fieldErrors).length > 0) return CORRECT_FIELDS_TEXT;
  return SEND_FAILED_TEXT;
}

/**
 * The custom-plan request: numbers of channels, people and tracked keywords (any 0..max; the
 * helper texts say where the largest plan stops), an optional message with a counter, and a send
 * button with a pending state. Sent, it gives way to the confirmation. Field errors, found here
 * or by the server, show under their fields, and the first one takes the focus.
 */
export function CustomPlanForm() {
  const [values, setValues] = useState<CustomPlanValues>(EMPTY_VALUES);
  const [errors, setErrors] = useState<FieldErrors>({});
  const inputs = useRef<Partial<Record<CustomPlanField, HTMLInputElement | HTMLTextAreaElement>>>(
    {},
  );
  const send = useRequestCustomPlan();

  if (send.isSuccess) return <CustomPlanConfirmation email={send.data.email} />;

  const focusFirst = (found: FieldErrors) => {
    const first = (['channels', 'people', 'keywords', 'message'] as const).find((f) => found[f]);
    if (first) inputs.current[first]?.focus();
  };
  const change = (field: CustomPlanField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const parsed = toBody(values);
    if (!parsed.ok) {
      send.reset();
      setErrors(parsed.errors);
      focusFirst(parsed.errors);
      return;
    }
    setErrors({});
    send.mutate(parsed.body, {
      onError: (err) => {
        const found = isApiError(err) && err.issues ? issuesToErrors(err.issues) : {};
        setErrors(found);
        focusFirst(found);
      },
    });
  };
  const failure = send.isError ? failureText(send.error, errors) : null;
  const localErrors = !send.isError && Object.keys(errors).length > 0;

  return (
    <Box
      component="form"
      aria-label="Custom plan request"
      noValidate
      onSubmit={submit}
      sx={{ maxWidth: 640 }}
    >
      <Stack spacing={2.5}>
        {failure ? (
          <Alert severity={isApiError(send.error, 429) ? 'warning' : 'error'} role="alert">
            {failure}
          </Alert>
        ) : null}
        {localErrors ? (
          <Alert severity="error" role="alert">
            {CORRECT_FIELDS_TEXT}
          </Alert>
        ) : null}
        {COUNT_FIELDS.map(({ name, label, included }) => (
          <TextField
            key={name}
            name={name}
            label={label}
            required
            value={values[name]}
            onChange={(e) => change(name, e.target.value)}
            error={Boolean(errors[name])}
            helperText={errors[name] ?? countHelper(included)}
            inputRef={(el: HTMLInputElement | null) => {
              if (el) inputs.current[name] = el;
            }}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 12 } }}
            sx={{ maxWidth: 320 }}
          />
        ))}
        <TextField
          name="message"
          label="Message"
          multiline
          minRows={4}
          maxRows={14}
          value={values.message}
          onChange={(e) => change('message', e.target.value)}
          error={Boolean(errors.message)}
          helperText={
            <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
              <span>{errors.message ?? 'Optional: your team, your channels, what you need.'}</span>
              <span>{messageCounter(values.message)}</span>
            </Box>
          }
          inputRef={(el: HTMLTextAreaElement | null) => {
            if (el) inputs.current.message = el;
          }}
          fullWidth
        />
        <Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={send.isPending}
            loadingPosition="start"
          >
            {send.isPending ? 'Sending request…' : 'Send request'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
