import type { RichParam } from '../../canvas/document/types';
import { rowsOf } from '../document/handles';
import type { ComponentConfig } from './componentChoices';

type Row = Record<string, unknown>;

/**
 * How a row's `loadConfig` sub-field travels through the canvas's array editor, which edits one
 * key of a row at a time: the chosen component and its form (`<field>` and `<field>Config` in the
 * stored row) ride together under `<field>`, so the sub-field's editor can change both at once.
 * Only the editor sees this shape; rows are stored the Flowise way.
 */
export interface RowComponent {
  readonly kind: 'rowComponent';
  component: string;
  config: ComponentConfig;
}

const isObject = (value: unknown): value is Row =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export function isRowComponent(value: unknown): value is RowComponent {
  return isObject(value) && value.kind === 'rowComponent';
}

export function rowComponent(component: string, config: ComponentConfig): RowComponent {
  return { kind: 'rowComponent', component, config };
}

/** The sub-fields of an `array` input that pick a component with its own form. */
export function configFieldsOf(param: RichParam): string[] {
  return (param.array ?? []).filter((field) => field.loadConfig === true).map((field) => field.name);
}

/**
 * The rows as the array editor gets them: each config field holds a {@link RowComponent}. Show
 * and hide rules therefore cannot name a config field; no v2 node has such a rule.
 */
export function joinRowConfigs(value: unknown, fields: readonly string[]): Row[] {
  return rowsOf(value).map((row) => {
    const joined: Row = { ...row };
    for (const field of fields) {
      const config = row[`${field}Config`];
      joined[field] = rowComponent(
        typeof row[field] === 'string' ? row[field] : '',
        isObject(config) ? config : {},
      );
    }
    return joined;
  });
}

/** The rows to store: each {@link RowComponent} split back into `<field>` and `<field>Config`. */
export function splitRowConfigs(rows: readonly Row[], fields: readonly string[]): Row[] {
  return rows.map((row) => {
    const split: Row = { ...row };
    for (const field of fields) {
      const value = row[field];
      if (!isRowComponent(value)) continue;
      split[field] = value.component;
      // A row that never had a component keeps no empty form.
      if (value.component || Object.keys(value.config).length > 0) split[`${field}Config`] = value.config;
      else delete split[`${field}Config`];
    }
    return split;
  });
}
