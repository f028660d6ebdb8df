import Collapse from '@mui/material/Collapse';
import Fade from '@mui/material/Fade';
import Grow from '@mui/material/Grow';
import Slide from '@mui/material/Slide';
import Zoom from '@mui/material/Zoom';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

export type TransitionType = 'grow' | 'fade' | 'collapse' | 'slide' | 'zoom';
export type TransitionPosition = 'top-left' | 'top-right' | 'top' | 'bottom-left' | 'bottom-right' | 'bottom';

const ORIGINS: Record<TransitionPosition, string> = {
  'top-left': '0 0 0',
  'top-right': 'top right',
  top: 'top',
  'bottom-left': 'bottom left',
  'bottom-right': 'bottom right',
  bottom: 'bottom',
};

export interface TransitionsProps {
  type?: TransitionType;
  position?: TransitionPosition;
  direction?: 'up' | 'down' | 'left' | 'right';
  in?: boolean;
  children: ReactNode;
}

/** Transition wrapper (SPEC §2): grow, fade, collapse, slide or zoom. */
export function Transitions({
  type = 'grow',
  position = 'top-left',
  direction = 'up',
  in: shown = true,
  children,
}: TransitionsProps) {
  const content = <Box sx={{ transformOrigin: ORIGINS[position] }}>{children}</Box>;
  switch (type) {
    case 'grow':
      return <Grow in={shown}>{content}</Grow>;
    case 'fade':
      return (
        <Fade in={shown} timeout={{ appear: 500, enter: 600, exit: 400 }}>
          {content}
        </Fade>
      );
    case 'collapse':
      return <Collapse in={shown}>{content}</Collapse>;
    case 'slide':
      return (
        <Slide in={shown} direction={direction} timeout={{ appear: 0, enter: 400, exit: 200 }}>
          {content}
        </Slide>
      );
    case 'zoom':
      return <Zoom in={shown}>{content}</Zoom>;
  }
}
