import type { AgentflowNodeType } from '@flowloom/engine';
import { pictogramIcon } from '../../utilities/icons.js';
import { agentflowDefinition } from '../common/params.js';
import { rowsInput } from '../common/values.js';
import { evaluateRow, type ConditionRow } from './compare.js';

const ROW_TYPE = (type: string) => ({ 'conditions[$index].type': type });

/**
 * If / else-if / else: rows are checked in order, the first that holds wins, and the last output
 * (Else) is taken when none does (AGENTFLOW_V2.md §1.4).
 */
export const conditionAgentflow: AgentflowNodeType = {
  icon: pictogramIcon('branch', '#FFB938'),
  definition: agentflowDefinition({
    label: 'Condition',
    name: 'conditionAgentflow',
    version: 1.0,
    type: 'Condition',
    color: '#FFB938',
    description: 'Split flows based on If Else conditions',
    inputs: [
      {
        label: 'Conditions',
        name: 'conditions',
        type: 'array',
        description: 'Values to compare',
        acceptVariable: true,
        default: [{ type: 'string', value1: '', operation: 'equal', value2: '' }],
        array: [
          {
            label: 'Type',
            name: 'type',
            type: 'options',
            options: [
              { label: 'String', name: 'string' },
              { label: 'Number', name: 'number' },
              { label: 'Boolean', name: 'boolean' },
            ],
            default: 'string',
          },
          {
            label: 'Value 1',
            name: 'value1',
            type: 'string',
            default: '',
            description: 'First value to be compared with',
            acceptVariable: true,
            show: ROW_TYPE('string'),
          },
          {
            label: 'Operation',
            name: 'operation',
            type: 'options',
            options: [
              { label: 'Contains', name: 'contains' },
              { label: 'Ends With', name: 'endsWith' },
              { label: 'Equal', name: 'equal' },
              { label: 'Not Contains', name: 'notContains' },
              { label: 'Not Equal', name: 'notEqual' },
              { label: 'Regex', name: 'regex' },
              { label: 'Starts With', name: 'startsWith' },
              { label: 'Is Empty', name: 'isEmpty' },
              { label: 'Not Empty', name: 'notEmpty' },
            ],
            default: 'equal',
            description: 'Type of operation',
            show: ROW_TYPE('string'),
          },
          {
            label: 'Value 2',
            name: 'value2',
            type: 'string',
            default: '',
            description: 'Second value to be compared with',
            acceptVariable: true,
            show: ROW_TYPE('string'),
            hide: { 'conditions[$index].operation': ['isEmpty', 'notEmpty'] },
          },
          {
            label: 'Value 1',
            name: 'value1',
            type: 'number',
            default: '',
            description: 'First value to be compared with',
            acceptVariable: true,
            show: ROW_TYPE('number'),
          },
          {
            label: 'Operation',
            name: 'operation',
            type: 'options',
            options: [
              { label: 'Smaller', name: 'smaller' },
              { label: 'Smaller Equal', name: 'smallerEqual' },
              { label: 'Equal', name: 'equal' },
              { label: 'Not Equal', name: 'notEqual' },
              { label: 'Larger', name: 'larger' },
              { label: 'Larger Equal', name: 'largerEqual' },
              { label: 'Is Empty', name: 'isEmpty' },
              { label: 'Not Empty', name: 'notEmpty' },
            ],
            default: 'equal',
            description: 'Type of operation',
            show: ROW_TYPE('number'),
          },
          {
            label: 'Value 2',
            name: 'value2',
            type: 'number',
            default: 0,
            description: 'Second value to be compared with',
            acceptVariable: true,
            show: ROW_TYPE('number'),
          },
          {
            label: 'Value 1',
            name: 'value1',
            type: 'boolean',
            default: false,
            description: 'First value to be compared with',
            show: ROW_TYPE('boolean'),
          },
          {
            label: 'Operation',
            name: 'operation',
            type: 'options',
            options: [
              { label: 'Equal', name: 'equal' },
              { label: 'Not Equal', name: 'notEqual' },
            ],
            default: 'equal',
            description: 'Type of operation',
            show: ROW_TYPE('boolean'),
          },
          {
            label: 'Value 2',
            name: 'value2',
            type: 'boolean',
            default: false,
            description: 'Second value to be compared with',
            show: ROW_TYPE('boolean'),
          },
        ],
      },
    ],
    outputs: [
      { label: '0', name: '0', description: 'Condition 0', baseClasses: ['Condition'] },
      { label: '1', name: '1', description: 'Else', baseClasses: ['Condition'] },
    ],
  }),
  run(ctx) {
    const rows = rowsInput<ConditionRow>(ctx.inputs.conditions);
    let matched = false;
    const conditions = rows.map((row) => {
      const isFulfilled = !matched && evaluateRow(row);
      matched ||= isFulfilled;
      return { ...row, isFulfilled };
    });
    return Promise.resolve({
      id: ctx.node.id,
      name: 'conditionAgentflow',
      input: { conditions: rows },
      output: {
        conditions: [
          ...conditions,
          { type: 'string', value1: '', operation: 'equal', value2: '', isFulfilled: !matched },
        ],
      },
      state: ctx.state,
    });
  },
};
