import { describe, expect, it } from 'vitest';
import {
  CONDITION_ALERTS,
  CONDITION_END_OUTPUT,
  conditionOutputAnchors,
  conditionOutputName,
  conditionOutputsFromCode,
  conditionOutputsFromItems,
  removeOrphanEdges,
  validateConditionCode,
  validateStructuredCondition,
} from './condition-outputs.js';

describe('conditionOutputsFromCode', () => {
  it('collects the string literals returned by the code, in order', () => {
    const code = `
      const result = $flow.state.next;
      if (result === 'yes') {
        return "Yes";
      }
      return 'No'
    `;
    expect(conditionOutputsFromCode(code)).toEqual(['Yes', 'No']);
  });

  it('keeps each name once', () => {
    expect(conditionOutputsFromCode('if (a) return "A"; if (b) return "B"; return "A";')).toEqual(['A', 'B']);
  });

  it('accepts parenthesised returns and plain template literals', () => {
    expect(conditionOutputsFromCode('if (x) return ("One"); return (( `Two` ));')).toEqual(['One', 'Two']);
  });

  it('accepts a literal that ends a block or a line without a semicolon', () => {
    expect(conditionOutputsFromCode('if (x) { return "In" } else return "Out" // done')).toEqual([
      'In',
      'Out',
    ]);
  });

  it('ignores returns whose value is not a single literal', () => {
    const code = [
      'return x;',
      'return "a" + b;',
      'return cond ? "c" : "d";',
      'return `t-${n}`;',
      'return;',
      'return fn("e");',
      'return "f".toUpperCase();',
    ].join('\n');
    expect(conditionOutputsFromCode(code)).toEqual([]);
  });

  it('ignores returns inside comments and strings', () => {
    const code = [
      '// return "Commented";',
      '/* return "Block"; */',
      'const s = "return \\"InString\\";";',
      'const t = \'return "Other"\';',
      'return "Real";',
    ].join('\n');
    expect(conditionOutputsFromCode(code)).toEqual(['Real']);
  });

  it('ignores a property called return and identifiers that merely contain the word', () => {
    expect(conditionOutputsFromCode('obj.return "x"; noreturn "y"; returned "z";')).toEqual([]);
  });

  it('decodes escapes in the returned literal', () => {
    expect(conditionOutputsFromCode('return "Say \\"hi\\"";')).toEqual(['Say "hi"']);
    expect(conditionOutputsFromCode("return 'it\\'s';")).toEqual(["it's"]);
    expect(conditionOutputsFromCode('return "caf\\u00e9";')).toEqual(['café']);
  });

  it('skips empty and blank names', () => {
    expect(conditionOutputsFromCode('if (a) return ""; if (b) return "  "; return "Ok";')).toEqual(['Ok']);
  });

  it('finds nothing in empty code or code without returns', () => {
    expect(conditionOutputsFromCode('')).toEqual([]);
    expect(conditionOutputsFromCode('const a = "Yes";')).toEqual([]);
  });

  it('survives unterminated strings and comments', () => {
    expect(conditionOutputsFromCode('return "Yes";\nconst s = "open\nreturn "No";')).toEqual(['Yes', 'No']);
    expect(conditionOutputsFromCode('return "A"; /* never closed return "B";')).toEqual(['A']);
    expect(conditionOutputsFromCode('return "unterminated')).toEqual([]);
  });
});

describe('conditionOutputsFromItems', () => {
  it('lists each item output name and then End', () => {
    expect(conditionOutputsFromItems([{ output: 'Billing' }, { output: 'Support' }])).toEqual([
      'Billing',
      'Support',
      'End',
    ]);
  });

  it('gives only End without items', () => {
    expect(conditionOutputsFromItems([])).toEqual([CONDITION_END_OUTPUT]);
  });

  it('skips blank names and keeps duplicates once', () => {
    expect(
      conditionOutputsFromItems([{ output: 'A' }, {}, { output: ' ' }, { output: 'A' }, { output: 'B' }]),
    ).toEqual(['A', 'B', 'End']);
  });

  it('folds an item named End into the final End output', () => {
    expect(conditionOutputsFromItems([{ output: 'End' }, { output: 'A' }])).toEqual(['A', 'End']);
  });
});

describe('validateStructuredCondition', () => {
  const complete = { variable: '{{question}}', output: 'Yes', operation: 'contains' };

  it('uses the alert texts of the specification word for word', () => {
    expect(CONDITION_ALERTS).toEqual({
      missingVariable:
        'Please specify a Variable. Try connecting Condition node to a previous node and select the variable',
      missingOutputName: 'Please specify an Output Name',
      missingOperation: 'Please select an operation for the condition',
      missingItem: 'Please add an item for the condition',
      missingReturn:
        'Please add a return statement in the condition code to define the output. You can refer to How to Use for more information.',
    });
  });

  it('accepts complete items', () => {
    expect(validateStructuredCondition([complete, { ...complete, output: 'No' }])).toBeNull();
  });

  it('asks for an item when there is none', () => {
    expect(validateStructuredCondition([])).toBe(CONDITION_ALERTS.missingItem);
  });

  it('asks for the variable, then the output name, then the operation of an item', () => {
    expect(validateStructuredCondition([{}])).toBe(CONDITION_ALERTS.missingVariable);
    expect(validateStructuredCondition([{ ...complete, variable: '  ' }])).toBe(
      CONDITION_ALERTS.missingVariable,
    );
    expect(validateStructuredCondition([{ variable: 'v' }])).toBe(CONDITION_ALERTS.missingOutputName);
    expect(validateStructuredCondition([{ ...complete, output: '' }])).toBe(
      CONDITION_ALERTS.missingOutputName,
    );
    expect(validateStructuredCondition([{ variable: 'v', output: 'o' }])).toBe(
      CONDITION_ALERTS.missingOperation,
    );
  });

  it('reports the problem of the first incomplete item', () => {
    expect(validateStructuredCondition([complete, { ...complete, operation: '' }, { output: 'x' }])).toBe(
      CONDITION_ALERTS.missingOperation,
    );
  });
});

describe('validateConditionCode', () => {
  it('accepts code that returns a literal output name', () => {
    expect(validateConditionCode('return "Yes";')).toBeNull();
  });

  it('asks for a return statement when no literal is returned', () => {
    expect(validateConditionCode('')).toBe(CONDITION_ALERTS.missingReturn);
    expect(validateConditionCode('const a = 1;')).toBe(CONDITION_ALERTS.missingReturn);
    expect(validateConditionCode('return answer;')).toBe(CONDITION_ALERTS.missingReturn);
  });
});

describe('removeOrphanEdges', () => {
  const edges = [
    { id: 'e1', source: 'condition_0', sourceHandle: 'condition_0-output-Yes', target: 'a' },
    { id: 'e2', source: 'condition_0', sourceHandle: 'condition_0-output-No', target: 'b' },
    { id: 'e3', source: 'other_0', sourceHandle: 'other_0-output-No', target: 'c' },
    { id: 'e4', source: 'condition_0', sourceHandle: null, target: 'd' },
    { id: 'e5', source: 'x', target: 'condition_0' },
  ];

  it('removes edges leaving the node through a handle that no longer exists', () => {
    const kept = removeOrphanEdges(edges, 'condition_0', ['condition_0-output-Yes']);
    expect(kept.map((edge) => edge.id)).toEqual(['e1', 'e3', 'e5']);
  });

  it('keeps every valid edge and returns the same edge objects', () => {
    const kept = removeOrphanEdges(edges, 'condition_0', ['condition_0-output-Yes', 'condition_0-output-No']);
    expect(kept.map((edge) => edge.id)).toEqual(['e1', 'e2', 'e3', 'e5']);
    expect(kept[0]).toBe(edges[0]);
  });

  it('removes all outgoing edges of the node when no handle is valid, leaving the input array alone', () => {
    const before = [...edges];
    expect(removeOrphanEdges(edges, 'condition_0', []).map((edge) => edge.id)).toEqual(['e3', 'e5']);
    expect(edges).toEqual(before);
  });
});

describe('conditionOutputName', () => {
  it('lowercases a single word', () => {
    expect(conditionOutputName('End')).toBe('end');
    expect(conditionOutputName('Grading')).toBe('grading');
    expect(conditionOutputName('RETRY')).toBe('retry');
  });

  it('joins several words in camel case, as the handle ids of Flowise files do', () => {
    expect(conditionOutputName('Code Reviewer')).toBe('codeReviewer');
    expect(conditionOutputName('Software Engineer')).toBe('softwareEngineer');
    expect(conditionOutputName('ask the USER again')).toBe('askTheUserAgain');
  });
});

describe('conditionOutputAnchors', () => {
  it('gives one options anchor whose options are Condition handles in the Flowise format', () => {
    expect(conditionOutputAnchors('seqCondition_0', ['Grading', 'End'])).toEqual([
      {
        name: 'output',
        label: 'Output',
        type: 'options',
        options: [
          {
            id: 'seqCondition_0-output-grading-Condition',
            name: 'grading',
            label: 'Grading',
            type: 'Condition',
            isAnchor: true,
          },
          {
            id: 'seqCondition_0-output-end-Condition',
            name: 'end',
            label: 'End',
            type: 'Condition',
            isAnchor: true,
          },
        ],
      },
    ]);
  });

  it('keeps the order of the labels and the labels as typed', () => {
    const [anchor] = conditionOutputAnchors('seqCondition_1', ['Software Engineer', 'Code Reviewer', 'End']);
    expect(anchor?.options?.map((option) => [option.id, option.label])).toEqual([
      ['seqCondition_1-output-softwareEngineer-Condition', 'Software Engineer'],
      ['seqCondition_1-output-codeReviewer-Condition', 'Code Reviewer'],
      ['seqCondition_1-output-end-Condition', 'End'],
    ]);
  });

  it('leaves out labels whose handle id would repeat an earlier one', () => {
    const [anchor] = conditionOutputAnchors('c_0', ['Retry', 'retry', 'End']);
    expect(anchor?.options?.map((option) => option.label)).toEqual(['Retry', 'End']);
  });

  it('builds the anchors of the output names the rules give, End last in structured mode', () => {
    const names = conditionOutputsFromItems([{ output: 'Grading' }, { output: 'Retry' }]);
    const [anchor] = conditionOutputAnchors('seqCondition_0', names);
    expect(anchor?.options?.map((option) => option.name)).toEqual(['grading', 'retry', 'end']);
  });
});
