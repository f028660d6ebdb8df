import Button from '@mui/material/Button';
import StarBorderRoundedIcon from '@mui/icons-material/StarBorderRounded';
import { useEffect, useState } from 'react';
import { formatCount } from '@flowloom/shared';
import { EXTERNAL_TIMEOUT_MS, PROJECT_REPO_URL, STAR_COUNT_URL } from '../../../config';

/** Star count of the public repository; hides itself when the endpoint cannot be reached. */
export function StarBadge() {
  const [repo, setRepo] = useState<{ stars: number; url: string } | null>(null);

  useEffect(() => {
    let active = true;
    fetch(STAR_COUNT_URL, { signal: AbortSignal.timeout(EXTERNAL_TIMEOUT_MS) })
      .then((r) => (r.ok ? (r.json() as Promise<{ stargazers_count?: unknown; html_url?: unknown }>) : null))
      .then(
        (data) => {
          if (!active || !data || typeof data.stargazers_count !== 'number') return;
          setRepo({
            stars: data.stargazers_count,
            url: typeof data.html_url === 'string' ? data.html_url : PROJECT_REPO_URL,
          });
        },
        () => undefined,
      );
    return () => {
      active = false;
    };
  }, []);

  if (!repo) return null;
  return (
    <Button
      href={repo.url}
      target="_blank"
      rel="noreferrer"
      size="small"
      variant="outlined"
      color="inherit"
      startIcon={<StarBorderRoundedIcon />}
      aria-label={`${repo.stars} stars`}
      sx={{ borderColor: 'divider', display: { xs: 'none', sm: 'inline-flex' } }}
    >
      {formatCount(repo.stars)}
    </Button>
  );
}
