import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import RefreshIcon from '@mui/icons-material/Refresh';
import { isUuid, type ParamOption } from '@flowloom/shared';
import {
  memo,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type HTMLAttributes,
  type Key,
} from 'react';
import { errorMessage } from '../../../api/errorMessage';
import { readMultiValue, writeMultiValue } from './multiValue';
import { OptionsLoaderContext } from './paramEditorContext';
import { textOf, type ParamEditorProps } from './paramEditorProps';
import { useDraftValue } from './useDraftValue';

type Option = ParamOption | string;
const nameOf = (option: Option) => (typeof option === 'string' ? option : option.name);
const labelOf = (option: Option) => (typeof option === 'string' ? option : option.label);

/**
 * `asyncOptions` / `asyncMultiOptions`: options come from the node's load method on the server
 * (loaded when the list opens, with Refresh, or at once when the value is an id to show by name). Any text may be typed as well, so a model the
 * server does not list, or a server that lists nothing, never blocks the user.
 */
export const AsyncOptionsParamInput = memo(function AsyncOptionsParamInput({
  param,
  value,
  onChange,
  node,
  label,
}: ParamEditorProps) {
  const [options, setOptions] = useState<ParamOption[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const nodeRef = useRef(node);
  nodeRef.current = node;
  const loadOptions = useContext(OptionsLoaderContext);
  const multiple = param.type === 'asyncMultiOptions';
  // MUI's Autocomplete is costly to mount; a plain field stands in until the user reaches for it,
  // so a canvas of hundreds of model nodes opens quickly.
  const [active, setActive] = useState(false);
  const [open, setOpen] = useState(false);
  // Typed text stays local until a pause or blur, so typing never re-renders the whole flow.
  const { draft, setDraft, flush } = useDraftValue(textOf(value), onChange);

  const load = useCallback(async () => {
    if (!param.loadMethod) return;
    setLoading(true);
    setError('');
    try {
      const list = await loadOptions(nodeRef.current, param);
      setOptions(Array.isArray(list) ? list : []);
    } catch (e) {
      setError(errorMessage(e, 'Could not load the options'));
      setOptions([]);
    } finally {
      setLoading(false);
    }
  }, [param, loadOptions]);

  // A value that is an id would show as one: its options load at once to show its name instead.
  const chosenNames = multiple ? readMultiValue(value) : [textOf(value)];
  const showsAnId = chosenNames.some(isUuid);
  useEffect(() => {
    if (showsAnId && options === null && !loading) void load();
  }, [showsAnId, options, loading, load]);

  const onOpen = () => {
    setOpen(true);
    if (options === null && !loading) void load();
  };
  const activate = () => {
    setActive(true);
    onOpen();
  };
  const list: ParamOption[] = options ?? [];
  const known = (name: string): Option => list.find((option) => option.name === name) ?? name;

  const refresh = (
    <Tooltip title="Refresh options">
      <span>
        <IconButton
          size="small"
          aria-label={`Refresh ${label} options`}
          onClick={() => void load()}
          disabled={loading}
        >
          {loading ? <CircularProgress size={14} /> : <RefreshIcon sx={{ fontSize: 18 }} />}
        </IconButton>
      </span>
    </Tooltip>
  );

  const renderOption = (props: HTMLAttributes<HTMLLIElement> & { key?: Key }, option: Option) => {
    const { key, ...rest } = props;
    return (
      <Box component="li" key={key} {...rest} sx={{ display: 'block !important' }}>
        <Typography variant="body2">{labelOf(option)}</Typography>
        {typeof option !== 'string' && option.description && (
          <Typography variant="caption" color="text.secondary" component="div">
            {option.description}
          </Typography>
        )}
      </Box>
    );
  };

  const idleText = multiple
    ? readMultiValue(value)
        .map((name) => labelOf(known(name)))
        .join(', ')
    : textOf(value) && labelOf(known(textOf(value)));
  const idle = (
    <TextField
      fullWidth
      size="small"
      value={idleText}
      placeholder={param.placeholder ?? 'Choose or type'}
      onFocus={activate}
      slotProps={{
        htmlInput: { 'aria-label': label, readOnly: true },
        input: { endAdornment: <ArrowDropDownIcon sx={{ color: 'action.active', mr: -0.5 }} /> },
      }}
    />
  );

  const field = !active ? (
    idle
  ) : multiple ? (
    <Autocomplete<Option, true, false, true>
      multiple
      freeSolo
      fullWidth
      size="small"
      options={list}
      loading={loading}
      open={open}
      onOpen={onOpen}
      onClose={() => setOpen(false)}
      value={readMultiValue(value).map(known)}
      onChange={(_event, chosen) => onChange(writeMultiValue(chosen.map(nameOf)))}
      getOptionLabel={labelOf}
      isOptionEqualToValue={(a, b) => nameOf(a) === nameOf(b)}
      renderOption={renderOption}
      renderInput={(params) => (
        <TextField
          {...params}
          autoFocus
          placeholder={param.placeholder ?? 'Choose or type'}
          slotProps={{ htmlInput: { ...params.inputProps, 'aria-label': label } }}
        />
      )}
    />
  ) : (
    <Autocomplete<Option, false, false, true>
      freeSolo
      fullWidth
      size="small"
      options={list}
      loading={loading}
      open={open}
      onOpen={onOpen}
      onClose={() => setOpen(false)}
      value={draft ? known(draft) : null}
      inputValue={draft ? labelOf(known(draft)) : ''}
      onChange={(_event, chosen) => {
        setDraft(chosen === null ? '' : nameOf(chosen));
        flush();
      }}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input' || reason === 'clear') setDraft(text);
      }}
      onBlur={flush}
      getOptionLabel={labelOf}
      isOptionEqualToValue={(a, b) => nameOf(a) === nameOf(b)}
      renderOption={renderOption}
      renderInput={(params) => (
        <TextField
          {...params}
          autoFocus
          placeholder={param.placeholder ?? 'Choose or type'}
          slotProps={{ htmlInput: { ...params.inputProps, 'aria-label': label } }}
        />
      )}
    />
  );

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Box sx={{ flex: 1, minWidth: 0, '& .MuiInputBase-root': { fontSize: 13 } }}>{field}</Box>
        {refresh}
      </Box>
      {error && (
        <Typography variant="caption" color="error" role="alert">
          {error} — you can type a value instead.
        </Typography>
      )}
    </Box>
  );
});
