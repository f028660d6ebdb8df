import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';

/**
 * The flow's starter prompts (Configuration ⇒ Starter Prompts), offered while the chat is empty;
 * choosing one asks it.
 */
export function StarterPrompts({
  prompts,
  onAsk,
}: {
  prompts: readonly string[];
  onAsk: (prompt: string) => void;
}) {
  if (prompts.length === 0) return null;
  return (
    <Box
      role="list"
      aria-label="Starter prompts"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, px: 1.5, pb: 1 }}
    >
      {prompts.map((prompt) => (
        <Chip
          key={prompt}
          role="listitem"
          label={prompt}
          variant="outlined"
          clickable
          onClick={() => onAsk(prompt)}
        />
      ))}
    </Box>
  );
}
