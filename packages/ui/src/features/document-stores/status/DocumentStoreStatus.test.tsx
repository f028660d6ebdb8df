import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DocumentStoreStatus } from './DocumentStoreStatus';
import { statusLook } from './statusColors';

describe('statusLook', () => {
  it('gives each status its own colour, EMPTY as an outline', () => {
    const colours = ['EMPTY', 'SYNCING', 'UPSERTING', 'SYNC', 'UPSERTED', 'NEW', 'STALE'].map(
      (status) => statusLook(status).color,
    );
    expect(new Set(colours).size).toBe(7);
    expect(statusLook('EMPTY').outlined).toBe(true);
    expect(statusLook('UPSERTED').outlined).toBe(false);
  });

  it('draws an unknown status as STALE', () => {
    expect(statusLook('SOMETHING')).toEqual(statusLook('STALE'));
  });
});

describe('DocumentStoreStatus', () => {
  it('shows the raw status text in a pill', () => {
    const { container } = render(<DocumentStoreStatus status="UPSERTED" />);
    expect(screen.getByText('UPSERTED')).toBeInTheDocument();
    expect(container.querySelector('[data-status="UPSERTED"]')).not.toBeNull();
  });

  it('shows only a dot named by the status in tables', () => {
    render(<DocumentStoreStatus status="SYNC" dotOnly />);
    expect(screen.getByRole('img', { name: 'Status SYNC' })).toHaveAttribute('title', 'SYNC');
    expect(screen.queryByText('SYNC')).toBeNull();
  });
});
