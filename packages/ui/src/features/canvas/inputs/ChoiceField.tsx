import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDraftValue } from './useDraftValue';
import type { Choice } from './useLoadedChoices';

/** A choice with a line saying where it comes from (e.g. "Output from Researcher"). */
export type DescribedChoice = Choice & { description?: string };

/** Every choice while the text is empty or one of them; otherwise those whose value or label hold it. */
function shown(choices: readonly DescribedChoice[], text: string): DescribedChoice[] {
  const typed = text.trim().toLowerCase();
  if (!typed || choices.some((c) => c.value.toLowerCase() === typed || c.label.toLowerCase() === typed))
    return [...choices];
  return choices.filter(
    (c) => c.value.toLowerCase().includes(typed) || c.label.toLowerCase().includes(typed),
  );
}

/**
 * Free text with a list of suggestions (Flowise's `freeSolo` fields and grid columns): picking one
 * writes it, and anything else may be typed. The list shows each choice's label, its value when it
 * differs, and where it comes from.
 */
export function ChoiceField({
  text,
  onText,
  onPick,
  onBlur,
  onOpen,
  choices,
  loading = false,
  label,
  placeholder,
}: {
  /** What the field shows. */
  text: string;
  /** The user typed (or cleared) the text. */
  onText: (text: string) => void;
  onPick: (choice: DescribedChoice) => void;
  onBlur?: () => void;
  /** The list opens (load choices from the server here). */
  onOpen?: () => void;
  choices: readonly DescribedChoice[];
  loading?: boolean;
  /** Accessible name of the text box. */
  label: string;
  placeholder?: string;
}) {
  return (
    <Autocomplete<DescribedChoice, false, false, true>
      freeSolo
      fullWidth
      size="small"
      options={choices}
      loading={loading}
      value={null}
      inputValue={text}
      onOpen={onOpen}
      onInputChange={(_event, next, reason) => {
        if (reason === 'input' || reason === 'clear') onText(next);
      }}
      onChange={(_event, chosen) => {
        if (chosen && typeof chosen === 'object') onPick(chosen);
        else if (typeof chosen === 'string') onText(chosen);
      }}
      onBlur={onBlur}
      filterOptions={(options) => shown(options, text)}
      getOptionLabel={(choice) => (typeof choice === 'string' ? choice : choice.value)}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      renderOption={({ key, ...props }, choice) => (
        <li key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2">{choice.label}</Typography>
            {choice.value !== choice.label && (
              <Typography
                variant="caption"
                color="text.secondary"
                component="div"
                sx={{ fontFamily: 'monospace' }}
              >
                {choice.value}
              </Typography>
            )}
            {choice.description && (
              <Typography variant="caption" color="text.secondary" component="div">
                {choice.description}
              </Typography>
            )}
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          placeholder={placeholder}
          sx={{ '& .MuiInputBase-root': { fontSize: 12.5 } }}
          slotProps={{ htmlInput: { ...params.inputProps, 'aria-label': label } }}
        />
      )}
    />
  );
}

/**
 * {@link ChoiceField} for a node input: typing stays local until a pause or blur, a pick is
 * committed at once (as every canvas input does, so typing never re-renders the whole flow).
 */
export function DraftChoiceField({
  value,
  commit,
  ...field
}: Omit<Parameters<typeof ChoiceField>[0], 'text' | 'onText' | 'onPick' | 'onBlur'> & {
  value: string;
  commit: (text: string) => void;
}) {
  const { draft, setDraft, flush } = useDraftValue(value, commit);
  return (
    <ChoiceField
      {...field}
      text={draft}
      onText={setDraft}
      onPick={(choice) => {
        setDraft(choice.value);
        flush();
      }}
      onBlur={flush}
    />
  );
}
