import { createContext } from 'react';

/**
 * The item of an `array` input whose sub-fields are being drawn: an editor that needs the other
 * fields of its row (the Agent knowledge wand reads the row's store) finds them here.
 */
export const ArrayItemContext = createContext<Readonly<Record<string, unknown>> | null>(null);
