import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  chatbotSettingsOf,
  EMBED_VARIANTS,
  embedSnippets,
  embedTheme,
  parseChatbotConfig,
  type Chatflow,
  type EmbedVariant,
} from '@flowloom/shared';
import { useMemo, useState } from 'react';
import { apiHost } from '../../../api/api';
import { CodeSample } from '../../../components/upsert/CodeSamples';

/**
 * The embed code (SHARING.md §3.1): the `flowise-embed` widget as a popup bubble or a full page, in
 * HTML or React, pointed at this server and the flow. "Show Embed Chat Config" writes the widget's
 * theme out, filled from the flow's Share Chatbot settings.
 */
export function EmbedTab({ chatflow, agentCanvas }: { chatflow: Chatflow; agentCanvas: boolean }) {
  const [variant, setVariant] = useState<EmbedVariant>('popupHtml');
  const [showConfig, setShowConfig] = useState(false);
  const fullPage = variant === 'fullpageHtml' || variant === 'fullpageReact';
  const code = useMemo(() => {
    const settings = chatbotSettingsOf(parseChatbotConfig(chatflow.chatbotConfig));
    const theme = showConfig ? embedTheme(settings, fullPage) : undefined;
    if (theme && agentCanvas)
      (theme.chatWindow as Record<string, unknown>).showAgentMessages = settings.showAgentMessages;
    return embedSnippets({ apiHost: apiHost(), flowId: chatflow.id, ...(theme && { theme }) })[variant];
  }, [chatflow.chatbotConfig, chatflow.id, showConfig, fullPage, variant, agentCanvas]);
  const label = EMBED_VARIANTS.find((v) => v.key === variant)!.label;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Tabs
        value={variant}
        onChange={(_event, value: EmbedVariant) => setVariant(value)}
        variant="scrollable"
      >
        {EMBED_VARIANTS.map((item) => (
          <Tab key={item.key} value={item.key} label={item.label} />
        ))}
      </Tabs>
      <Typography variant="body2" color="text.secondary">
        {variant.endsWith('Html')
          ? fullPage
            ? 'Paste this in the <body> of a page: the chat fills the page.'
            : 'Paste this anywhere in the <body> of your site: a chat bubble opens the chat.'
          : 'Install flowise-embed-react (npm install flowise-embed flowise-embed-react) and render:'}{' '}
        {variant.endsWith('Html') &&
          'To pin a version of the widget, write flowise-embed@<version> in the address.'}
      </Typography>
      <CodeSample code={code} label={label} />
      <FormControlLabel
        control={<Checkbox checked={showConfig} onChange={(event) => setShowConfig(event.target.checked)} />}
        label="Show Embed Chat Config"
      />
    </Box>
  );
}
