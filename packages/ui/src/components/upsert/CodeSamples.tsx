import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { CopyButton } from '../CopyButton';

const LANGUAGES = [
  { key: 'python', label: 'Python' },
  { key: 'javascript', label: 'JavaScript' },
  { key: 'curl', label: 'cURL' },
] as const;

type Language = (typeof LANGUAGES)[number]['key'];

/** A code sample with a copy button. */
export function CodeSample({ code, label }: { code: string; label: string }) {
  return (
    <Box sx={{ position: 'relative' }}>
      <Box sx={{ position: 'absolute', top: 6, right: 6 }}>
        <CopyButton text={code} label={`Copy ${label} code`} />
      </Box>
      <Box
        component="pre"
        aria-label={`${label} code`}
        sx={{
          m: 0,
          p: 2,
          pr: 6,
          borderRadius: 2,
          bgcolor: 'action.hover',
          overflowX: 'auto',
          fontSize: 12.5,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        }}
      >
        {code}
      </Box>
    </Box>
  );
}

/** An API call in Python, JavaScript and cURL: a tab per language, each sample with a copy button. */
export function CodeSamples({ samples }: { samples: Record<Language, string> }) {
  const [language, setLanguage] = useState<Language>('python');
  const label = LANGUAGES.find((item) => item.key === language)!.label;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Tabs value={language} onChange={(_event, value: Language) => setLanguage(value)}>
        {LANGUAGES.map((item) => (
          <Tab key={item.key} value={item.key} label={item.label} />
        ))}
      </Tabs>
      <CodeSample code={samples[language]} label={label} />
    </Box>
  );
}
