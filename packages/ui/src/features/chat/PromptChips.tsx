import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';

/** Suggested questions as chips (starter prompts of an empty chat, follow-ups of an answer). */
export function PromptChips({
  label,
  prompts,
  disabled,
  onPick,
}: {
  label: string;
  prompts: readonly string[];
  disabled?: boolean;
  onPick: (prompt: string) => void;
}) {
  if (prompts.length === 0) return null;
  return (
    <Box role="group" aria-label={label} sx={{ mb: 2 }}>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 0.75 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {prompts.map((prompt) => (
          <Chip
            key={prompt}
            label={prompt}
            variant="outlined"
            clickable
            disabled={disabled}
            onClick={() => onPick(prompt)}
            sx={{ maxWidth: '100%', height: 'auto', py: 0.75, '& .MuiChip-label': { whiteSpace: 'normal' } }}
          />
        ))}
      </Box>
    </Box>
  );
}
