import type { PaperProps } from '@mui/material/Paper';
import type { FormEvent } from 'react';

/**
 * Dialog slot props that make the dialog's paper the form. A `<form>` wrapped around the title,
 * content and actions breaks the paper's layout: a long form then scrolls as a whole and its
 * buttons leave the screen. As the paper, the content scrolls between the title and the buttons.
 */
export function formPaper(onSubmit: (event: FormEvent<HTMLFormElement>) => void) {
  // MUI types the paper slot as a div's props; rendered as a form, it takes a form's.
  return { paper: { component: 'form', noValidate: true, onSubmit } as unknown as PaperProps };
}
