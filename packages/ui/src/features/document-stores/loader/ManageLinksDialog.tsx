import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useId, useState } from 'react';
import { errorMessage } from '../../../api/errorMessage';
import { documentStoresApi } from '../documentStoresApi';

/** The links a web scraper should load (`selectedLinks`): a list, or JSON text of one. */
export function linksOf(value: unknown): string[] {
  let list = value;
  if (typeof value === 'string' && value.trim().startsWith('[')) {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(list)
    ? list.filter((item): item is string => typeof item === 'string' && item.trim() !== '')
    : [];
}

/**
 * "Manage Links" of a web scraper: fetches the links of a site (crawled, or from its sitemap, as
 * the loader's settings say), lets the user drop some, and saves the rest as the pages to load.
 */
export function ManageLinksDialog({
  loaderLabel,
  url: initialUrl,
  relativeLinksMethod,
  limit,
  selected,
  onClose,
  onSave,
}: {
  loaderLabel: string;
  url: string;
  relativeLinksMethod: string;
  limit: string;
  selected: string[];
  onClose: () => void;
  onSave: (links: string[], url: string) => void;
}) {
  const titleId = useId();
  const [url, setUrl] = useState(initialUrl);
  const [links, setLinks] = useState(selected);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const fetchLinks = async () => {
    setError('');
    setBusy(true);
    try {
      const answer = await documentStoresApi.fetchLinks(
        url.trim(),
        relativeLinksMethod || 'webCrawl',
        limit || '0',
      );
      if (answer.status !== 'OK' || !Array.isArray(answer.links))
        throw new Error('The links could not be fetched');
      setLinks(answer.links);
      if (answer.links.length === 0) setError('No links found on that page');
    } catch (e) {
      setError(errorMessage(e, 'The links could not be fetched'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Manage Scraped Links - {loaderLabel}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 1, pt: 1 }}>
          <TextField
            label="URL"
            size="small"
            fullWidth
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void fetchLinks();
              }
            }}
          />
          <Button variant="contained" onClick={() => void fetchLinks()} disabled={busy || url.trim() === ''}>
            {busy ? 'Fetching…' : 'Fetch Links'}
          </Button>
        </Box>
        {error && <Alert severity="warning">{error}</Alert>}
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h5" component="h3">
            Scraped Links ({links.length})
          </Typography>
          <Button size="small" color="error" onClick={() => setLinks([])} disabled={links.length === 0}>
            Clear All
          </Button>
        </Box>
        {links.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No links selected: the loader crawls the site itself (up to its links limit).
          </Typography>
        ) : (
          <List dense aria-label="Scraped links" sx={{ maxHeight: 360, overflow: 'auto' }}>
            {links.map((link, index) => (
              <ListItem
                key={`${link}-${index}`}
                secondaryAction={
                  <IconButton
                    edge="end"
                    size="small"
                    aria-label={`Remove ${link}`}
                    onClick={() => setLinks((list) => list.filter((_, i) => i !== index))}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                }
              >
                <Typography variant="body2" sx={{ wordBreak: 'break-all', pr: 2 }}>
                  {link}
                </Typography>
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => onSave(links, url.trim())}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
