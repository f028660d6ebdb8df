import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { memo } from 'react';
import type { ParamEditorProps } from './paramEditorProps';
import { ParamField } from './ParamField';

/**
 * `tabs` inputs: one child input per tab. The chosen tab's name is stored, as in Flowise, under
 * `<tabIdentifier>_<nodeId>`; each child keeps its own value under its name.
 */
export const TabsParamInput = memo(function TabsParamInput({ param, node, setInputs }: ParamEditorProps) {
  const tabs = param.tabs ?? [];
  const key = `${param.tabIdentifier ?? param.name}_${node.id}`;
  const chosen = node.inputs[key] ?? param.default;
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.name === chosen),
  );
  const active = tabs[index];
  return (
    <Box>
      <Tabs
        value={index}
        onChange={(_event, next: number) => setInputs({ [key]: tabs[next]?.name ?? '' })}
        variant="scrollable"
        sx={{ minHeight: 32, mb: 1, '& .MuiTab-root': { minHeight: 32, py: 0.5, px: 1.5, fontSize: 12.5 } }}
      >
        {tabs.map((tab) => (
          <Tab key={tab.name} label={tab.label} />
        ))}
      </Tabs>
      {active && (
        <ParamField
          param={active}
          value={node.inputs[active.name]}
          node={node}
          setInputs={setInputs}
          onChange={(value) => setInputs({ [active.name]: value })}
        />
      )}
    </Box>
  );
});
