import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import DataObjectOutlinedIcon from '@mui/icons-material/DataObjectOutlined';
import { truncate, type Variable } from '@flowloom/shared';
import { useState } from 'react';
import { formatDate } from '../../components/formatDate';
import { ResourceList } from '../../components/ResourceList';
import { useResourcePage } from '../../components/useResourcePage';
import { VariableDialog } from './VariableDialog';
import { variablesApi } from './variablesApi';

const matches = (variable: Variable, q: string) => variable.name.toLowerCase().includes(q);
const nowrap = { whiteSpace: 'nowrap' } as const;

/** Variables: reusable values referenced as `{{$vars.name}}`. */
export default function VariablesPage() {
  const [editing, setEditing] = useState<Variable | 'new' | null>(null);
  const page = useResourcePage({
    resource: 'variables',
    nouns: ['variable', 'variables'],
    api: variablesApi,
    name: (variable: Variable) => variable.name,
    deleteWarning: (variable) => `Flows that use {{$vars.${variable.name}}} will get an empty value.`,
    bulkWarning: 'Flows that use them will get an empty value.',
  });
  const variables = page.query;
  const addButton = page.addButton('Add Variable', () => setEditing('new'));

  return (
    <ResourceList
      title="Variables"
      description="Reusable values for your flows, referenced as {{$vars.name}}."
      noun="variables"
      {...page.listProps}
      matches={matches}
      addButton={addButton}
      empty={{
        icon: <DataObjectOutlinedIcon />,
        title: 'No Variables Yet',
        description:
          'Variables keep values like URLs, model names or settings in one place for all your flows.',
      }}
      columns={[
        { header: 'Name', cell: (variable) => <Typography fontWeight={600}>{variable.name}</Typography> },
        {
          header: 'Value',
          cell: (variable) => (
            <span title={truncate(variable.value, 1000)}>{truncate(variable.value, 200)}</span>
          ),
          sx: {
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
            fontSize: '0.85rem',
            maxWidth: { xs: 220, lg: 380 },
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          },
        },
        {
          header: 'Type',
          cell: (variable) => (
            <Chip
              size="small"
              label={variable.type === 'runtime' ? 'Runtime' : 'Static'}
              color={variable.type === 'runtime' ? 'secondary' : 'primary'}
              variant="outlined"
            />
          ),
        },
        { header: 'Last Updated', cell: (variable) => formatDate(variable.updatedDate), sx: nowrap },
        { header: 'Created', cell: (variable) => formatDate(variable.createdDate), sx: nowrap },
      ]}
      actions={(variable) => page.rowActions(variable, () => setEditing(variable))}
    >
      {editing !== null && (
        <VariableDialog
          {...(editing !== 'new' ? { variable: editing } : {})}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void variables.reload();
          }}
        />
      )}
    </ResourceList>
  );
}
