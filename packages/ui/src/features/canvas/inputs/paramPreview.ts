import type { RichParam } from '../document/types';
import { fileNames } from './fileValue';
import { readMultiValue } from './multiValue';
import { textOf } from './paramEditorProps';

/** The text a read-only preview shows for a value (secrets masked, option names as labels). */
export function previewText(param: RichParam, value: unknown): string {
  if (param.type === 'password') return textOf(value) ? '••••••••' : '';
  if (param.type === 'file') return fileNames(value).join(', ');
  if (param.type === 'multiOptions' || param.type === 'asyncMultiOptions')
    return readMultiValue(value).join(', ');
  const text = textOf(value);
  return param.options?.find((option) => option.name === text)?.label ?? text;
}

/** Heights (px) of the editors a preview stands in for, so handles and edges barely move. */
export function previewHeight(param: RichParam): number {
  switch (param.type) {
    case 'string':
      return (param.rows ?? 0) > 1 ? Math.min(param.rows ?? 2, 6) * 19.5 + 17 : 40;
    case 'json':
      return 3 * 18 + 17;
    case 'code':
      return 6 * 20 + 22 + 34;
    case 'conditionFunction':
      // Summary line and the Edit Condition button (a tab-less one is a code editor).
      return param.tabs?.length ? 18 + 6 + 31 : 6 * 20 + 22 + 34;
    case 'credential':
      return 40 + 26;
    case 'file':
      return 31;
    default:
      return 40;
  }
}
