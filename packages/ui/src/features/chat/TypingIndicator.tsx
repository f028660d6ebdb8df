import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const pulse = keyframes`
  0%, 80%, 100% { opacity: 0.25; transform: translateY(0); }
  40% { opacity: 1; transform: translateY(-2px); }
`;

/** Three dots while the answer has not started. */
export function TypingIndicator() {
  return (
    <Box role="status" aria-label="Thinking" sx={{ display: 'flex', gap: 0.5, py: 0.75 }}>
      {[0, 1, 2].map((dot) => (
        <Box
          key={dot}
          sx={{
            width: 7,
            height: 7,
            borderRadius: '50%',
            bgcolor: 'text.secondary',
            animation: `${pulse} 1.2s ${dot * 0.15}s infinite ease-in-out`,
          }}
        />
      ))}
    </Box>
  );
}
