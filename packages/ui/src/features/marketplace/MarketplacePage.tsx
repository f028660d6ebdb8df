import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FilterAltOffOutlinedIcon from '@mui/icons-material/FilterAltOffOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { truncate, type MarketplaceTemplate } from '@flowloom/shared';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useApiQuery } from '../../api/useApiQuery';
import { useAccess } from '../../app/useAccess';
import { ResourceList } from '../../components/ResourceList';
import { RowActions } from '../../components/RowActions';
import { useConfirmedDelete } from '../confirm/useConfirmedDelete';
import { ToolDialog, type ToolFields } from '../tools/ToolDialog';
import { marketplaceApi } from './marketplaceApi';
import { badgeColor, TemplateCard, TemplateIcons } from './TemplateCard';
import {
  badgesOf,
  FRAMEWORK_CHOICES,
  filterTemplates,
  hasFilters,
  listOf,
  matchesTemplateSearch,
  NO_FILTERS,
  previewPath,
  TAG_CHOICES,
  templateTitle,
  TYPE_CHOICES,
  usecaseChoices,
  type TemplateFilters,
} from './templates';

type TabId = 'community' | 'custom';

/** A multi-select of fixed choices (Tag, Type, Framework). */
function ChoiceFilter({
  label,
  choices,
  value,
  onChange,
}: {
  label: string;
  choices: readonly string[];
  value: readonly string[];
  onChange: (value: string[]) => void;
}) {
  const id = `mp-filter-${label.toLowerCase()}`;
  return (
    <FormControl size="small" sx={{ minWidth: 150 }}>
      <InputLabel id={id}>{label}</InputLabel>
      <Select
        labelId={id}
        label={label}
        multiple
        value={[...value]}
        onChange={(e) => onChange(typeof e.target.value === 'string' ? [e.target.value] : e.target.value)}
        renderValue={(selected) => selected.join(', ')}
      >
        {choices.map((choice) => (
          <MenuItem key={choice} value={choice}>
            <Checkbox size="small" checked={value.includes(choice)} />
            <ListItemText primary={choice} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

const chips = (values: string[], color?: (v: string) => 'primary' | 'warning' | 'error') =>
  values.length === 0
    ? '—'
    : values.map((v) => (
        <Chip
          key={v}
          label={v}
          size="small"
          {...(color ? { color: color(v) } : { variant: 'outlined' as const })}
          sx={{ mr: 0.5, mb: 0.5 }}
        />
      ));

/** The tool fields of a tool template, to show it or start a new tool from it. */
const toolFieldsOf = (t: MarketplaceTemplate): ToolFields => ({
  name: t.name ?? templateTitle(t),
  description: t.description,
  color: t.color ?? '',
  iconSrc: t.iconSrc ?? null,
  schema: t.schema ?? null,
  func: t.func ?? null,
});

/** Marketplace (SHARING.md §1.3): community templates and the workspace's own, filtered and searched. */
export default function MarketplacePage() {
  const access = useAccess();
  const navigate = useNavigate();
  const confirmedDelete = useConfirmedDelete();
  const canCommunity = access.can('templates:marketplace');
  const canCustom = access.can('templates:custom');
  const [tab, setTab] = useState<TabId>(canCommunity ? 'community' : 'custom');
  const [customOpened, setCustomOpened] = useState(tab === 'custom');
  const [filters, setFilters] = useState<TemplateFilters>(NO_FILTERS);
  const [toolPreview, setToolPreview] = useState<MarketplaceTemplate | null>(null);
  const [newTool, setNewTool] = useState<ToolFields | null>(null);

  const community = useApiQuery(
    () => (canCommunity ? marketplaceApi.templates() : Promise.resolve([])),
    [canCommunity],
  );
  const custom = useApiQuery(
    () => (customOpened && canCustom ? marketplaceApi.custom() : Promise.resolve(undefined)),
    [customOpened, canCustom],
  );
  const source = tab === 'community' ? community : custom;
  const all = useMemo(() => source.data ?? [], [source.data]);
  const shown = useMemo(() => filterTemplates(all, filters), [all, filters]);
  const usecases = useMemo(() => usecaseChoices(all, filters), [all, filters]);
  const set = (patch: Partial<TemplateFilters>) => setFilters((f) => ({ ...f, ...patch }));

  const switchTab = (next: TabId) => {
    setTab(next);
    setFilters(NO_FILTERS);
    if (next === 'custom') setCustomOpened(true);
  };

  const open = (t: MarketplaceTemplate) => {
    if (t.type === 'Tool') setToolPreview(t);
    else void navigate(previewPath(t), { state: t });
  };

  const remove = (t: MarketplaceTemplate) =>
    confirmedDelete({
      title: 'Delete',
      description: `Delete Custom Template ${templateTitle(t)}?`,
      noun: 'Custom Template',
      remove: () => marketplaceApi.removeCustom(t.id),
      done: custom.reload,
    });
  const canDelete = tab === 'custom' && access.can('templates:custom-delete');

  const usecaseFilter =
    tab === 'community' ? (
      <Autocomplete
        multiple
        size="small"
        limitTags={2}
        options={usecases.all}
        value={[...filters.usecases]}
        onChange={(_e, value) => set({ usecases: value })}
        getOptionDisabled={(option) => !usecases.available.has(option)}
        renderInput={(params) => <TextField {...params} label="Usecases" />}
        sx={{ minWidth: 240 }}
      />
    ) : (
      usecases.all.length > 0 && (
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }} aria-label="Usecases">
          <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
            Usecases
          </Typography>
          {usecases.all.map((u) => (
            <FormControlLabel
              key={u}
              label={u}
              disabled={!usecases.available.has(u)}
              control={
                <Checkbox
                  size="small"
                  checked={filters.usecases.includes(u)}
                  onChange={(e) =>
                    set({
                      usecases: e.target.checked
                        ? [...filters.usecases, u]
                        : filters.usecases.filter((x) => x !== u),
                    })
                  }
                />
              }
            />
          ))}
          <Button size="small" onClick={() => set({ usecases: [] })}>
            Clear All
          </Button>
        </Box>
      )
    );

  const filterBar = (
    <Box sx={{ mb: 2 }}>
      {canCommunity && canCustom && (
        <Tabs value={tab} onChange={(_e, value: TabId) => switchTab(value)} sx={{ mb: 2 }}>
          <Tab value="community" label="Community Templates" />
          <Tab value="custom" label="My Templates" />
        </Tabs>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <ChoiceFilter
          label="Tag"
          choices={TAG_CHOICES}
          value={filters.tags}
          onChange={(tags) => set({ tags })}
        />
        <ChoiceFilter
          label="Type"
          choices={TYPE_CHOICES}
          value={filters.types}
          onChange={(types) => set({ types })}
        />
        <ChoiceFilter
          label="Framework"
          choices={FRAMEWORK_CHOICES}
          value={filters.frameworks}
          onChange={(frameworks) => set({ frameworks })}
        />
        {usecaseFilter}
      </Box>
    </Box>
  );

  return (
    <ResourceList<MarketplaceTemplate>
      title="Marketplace"
      description="Explore and use pre-built templates"
      noun="templates"
      storageKey="marketplace"
      query={{ ...source, data: source.data && shown }}
      matches={matchesTemplateSearch}
      searchPlaceholder="Search Name/Description/Node"
      filters={filterBar}
      filtered={hasFilters(filters)}
      empty={
        tab === 'community'
          ? {
              icon: <StorefrontOutlinedIcon />,
              title: 'No Marketplace Yet',
              description: 'No templates are installed on this server.',
            }
          : {
              icon: <StorefrontOutlinedIcon />,
              title: 'No Saved Custom Templates',
              description: 'Save a flow or a tool as a template ("Save As Template") to find it here.',
            }
      }
      emptyFiltered={{
        icon: <FilterAltOffOutlinedIcon />,
        title: 'No templates match these filters',
        description: 'Remove a filter to see more templates.',
        action: <Button onClick={() => setFilters(NO_FILTERS)}>Clear filters</Button>,
      }}
      onOpen={open}
      rowLabel={(t) => `Open template ${templateTitle(t)}`}
      columns={[
        {
          header: 'Name',
          cell: (t) => (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <TemplateIcons template={t} />
              <Typography fontWeight={600}>{templateTitle(t)}</Typography>
            </Box>
          ),
          sortValue: (t) => templateTitle(t).toLowerCase(),
        },
        { header: 'Type', cell: (t) => t.type, sortValue: (t) => t.type },
        {
          header: 'Description',
          cell: (t) => truncate(t.description || '', 100),
          sx: { color: 'text.secondary' },
        },
        { header: 'Framework', cell: (t) => chips(listOf(t.framework)) },
        { header: 'Use cases', cell: (t) => chips(listOf(t.usecases)) },
        { header: 'Badges', cell: (t) => chips(badgesOf(t), badgeColor) },
      ]}
      {...(canDelete && {
        actions: (t: MarketplaceTemplate) =>
          t.shared ? (
            <Typography variant="caption">Shared Template</Typography>
          ) : (
            <RowActions name={templateTitle(t)} onDelete={() => void remove(t)} />
          ),
      })}
      cards={(t, actions) => <TemplateCard template={t} onOpen={() => open(t)} actions={actions} />}
    >
      {toolPreview && (
        <ToolDialog
          initial={toolFieldsOf(toolPreview)}
          preview={{
            title: templateTitle(toolPreview),
            ...(access.can('tools:create') && {
              onUse: () => {
                setNewTool(toolFieldsOf(toolPreview));
                setToolPreview(null);
              },
            }),
          }}
          onClose={() => setToolPreview(null)}
          onSaved={() => setToolPreview(null)}
        />
      )}
      {newTool && (
        <ToolDialog initial={newTool} onClose={() => setNewTool(null)} onSaved={() => setNewTool(null)} />
      )}
    </ResourceList>
  );
}
