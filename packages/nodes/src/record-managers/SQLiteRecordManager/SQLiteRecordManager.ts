import type { NodeType } from '@flowloom/engine';
import {
  RECORD_MANAGER_CATEGORY,
  recordManagerIcon,
  recordManagerInputs,
  recordManagerOf,
  type RecordManagerHandle,
} from '../record-manager.js';

/**
 * Records kept in Flowloom's own database (the SQLite file, or PostgreSQL when the server runs on it),
 * as Flowise's SQLite Record Manager keeps them in its database file.
 */
export const SQLiteRecordManager: NodeType = {
  icon: recordManagerIcon,
  definition: {
    label: 'SQLite Record Manager',
    name: 'SQLiteRecordManager',
    version: 1.1,
    type: 'SQLite RecordManager',
    category: RECORD_MANAGER_CATEGORY,
    baseClasses: ['SQLite RecordManager', 'RecordManager'],
    description:
      "Keeps which documents were indexed in Flowloom's own database, so an upsert never adds the same document twice",
    inputs: [
      {
        label: 'Additional Connection Configuration',
        name: 'additionalConfig',
        type: 'json',
        description: "Not used: the records live in Flowloom's own database",
        additionalParams: true,
        optional: true,
      },
      {
        label: 'Table Name',
        name: 'tableName',
        type: 'string',
        description: "Not used: the records live in Flowloom's own table",
        placeholder: 'upsertion_records',
        additionalParams: true,
        optional: true,
      },
      ...recordManagerInputs,
    ],
  },
  init(ctx): RecordManagerHandle {
    return recordManagerOf(ctx.node.label || 'SQLite Record Manager', ctx.inputs, ctx.run.services.records);
  },
};
