import { useId, type ReactNode, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';

/** Props of FormTextField: an outlined input plus its label and helper text. */
export interface FormTextFieldProps extends Omit<OutlinedInputProps, 'ref' | 'inputRef' | 'label'> {
  label: string;
  helperText?: ReactNode;
  /** Goes to the native input, so react-hook-form's `register()` can be spread in. */
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled outlined text input. MUI's TextField also supports `select`, which drags Select,
 * Menu and Modal (about 12 KB gzip) into every form; this one does not.
 */
export function FormTextField({
  label,
  helperText,
  error,
  required,
  disabled,
  id,
  ref,
  size,
  fullWidth = true,
  ...inputProps
}: FormTextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const helperId = `${inputId}-helper`;
  return (
    <FormControl
      error={error}
      required={required}
      disabled={disabled}
      fullWidth={fullWidth}
      size={size}
      variant="outlined"
    >
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        id={inputId}
        inputRef={ref}
        label={label}
        aria-describedby={helperText ? helperId : undefined}
        {...inputProps}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
