import Card, { type CardProps } from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import type { ReactNode } from 'react';

/** SPEC §2/§9 card max widths. */
export const CARD_MAX_WIDTHS = { small: 800, medium: 960, full: 1280 } as const;
export type CardMaxWidth = keyof typeof CARD_MAX_WIDTHS;

export interface MainCardProps extends Omit<CardProps, 'title'> {
  title?: ReactNode;
  secondary?: ReactNode;
  maxWidth?: CardMaxWidth;
  /** Render children without the padded content box. */
  plain?: boolean;
}

/** Generic card wrapper: optional title, optional secondary action, a max width. */
export function MainCard({
  title,
  secondary,
  maxWidth = 'full',
  plain = false,
  children,
  sx,
  ...rest
}: MainCardProps) {
  return (
    <Card sx={{ maxWidth: CARD_MAX_WIDTHS[maxWidth], width: '100%', mx: 'auto', ...sx }} {...rest}>
      {title !== undefined && (
        <>
          <CardHeader title={title} action={secondary} slotProps={{ title: { variant: 'h4' } }} />
          <Divider />
        </>
      )}
      {!plain ? <CardContent sx={{ p: { xs: 2, md: 3 } }}>{children}</CardContent> : children}
    </Card>
  );
}
