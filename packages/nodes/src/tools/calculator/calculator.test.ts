import { describe, expect, it } from 'vitest';
import { evaluateArithmetic, formatNumber } from './arithmetic.js';
import { calculatorTool } from './calculator.js';

const calc = (expression: string) => formatNumber(evaluateArithmetic(expression));

describe('the calculator', () => {
  it('follows the usual precedence and associativity', () => {
    expect(calc('2 + 3 * 4')).toBe('14');
    expect(calc('(2 + 3) * 4')).toBe('20');
    expect(calc('2 ^ 3 ^ 2')).toBe('512');
    expect(calc('2 ** 10')).toBe('1024');
    expect(calc('-2 ^ 2')).toBe('-4');
    expect(calc('10 - 4 - 3')).toBe('3');
    expect(calc('17 % 5')).toBe('2');
    expect(calc('7 / 2')).toBe('3.5');
    expect(calc('--3')).toBe('3');
  });

  it('reads decimals and exponents and hides float noise', () => {
    expect(calc('0.1 + 0.2')).toBe('0.3');
    expect(calc('.5 * 4')).toBe('2');
    expect(calc('1.5e3 + 2E-1')).toBe('1500.2');
  });

  it('knows common functions and constants', () => {
    expect(calc('sqrt(16) + abs(-2)')).toBe('6');
    expect(calc('sin(pi / 2) + cos(0)')).toBe('2');
    expect(calc('tan(0)')).toBe('0');
    expect(calc('log(1000)')).toBe('3');
    expect(calc('log(8, 2)')).toBe('3');
    expect(calc('ln(e)')).toBe('1');
    expect(calc('round(2.567, 2) + floor(1.9) + ceil(0.1)')).toBe('4.57');
    expect(calc('min(4, 2, 8) + max(1, 9) + pow(2, 5)')).toBe('43');
    expect(calc('2pi')).toBe(formatNumber(2 * Math.PI));
    expect(calc('2(3 + 4)')).toBe('14');
    expect(calc('5!')).toBe('120');
    expect(calc('PI')).toBe(formatNumber(Math.PI));
  });

  it('says what is wrong with a bad expression', () => {
    expect(() => calc('1 / 0')).toThrow('Division by zero');
    expect(() => calc('2 +')).toThrow('The expression ends too early');
    expect(() => calc('(1 + 2')).toThrow('Expected ")" at the end');
    expect(() => calc('1 2')).toThrow('Unexpected "2" at position 3');
    expect(() => calc('process.exit()')).toThrow(/Unknown name "process"|Unexpected "\."/);
    expect(() => calc('foo(1)')).toThrow('Unknown name "foo" at position 1');
    expect(() => calc('sqrt(1, 2)')).toThrow('sqrt() takes 1 argument(s)');
    expect(() => calc('')).toThrow('The expression is empty');
    expect(() => calc('10 ^ 400')).toThrow('The result is not a finite number');
    expect(() => calc('('.repeat(200) + '1' + ')'.repeat(200))).toThrow('nested too deeply');
    expect(() => calc('1 + $x')).toThrow('Unexpected "$" at position 5');
  });

  it('is a tool named calculator that takes one `input` string', async () => {
    const tool = calculatorTool();
    expect(tool.name).toBe('calculator');
    expect(tool.inputSchema).toMatchObject({ required: ['input'] });
    const signal = new AbortController().signal;
    expect(await tool.invoke({ input: '2+2' }, { signal })).toBe('4');
    await expect(tool.invoke({}, { signal })).rejects.toThrow('The tool needs a text argument "input"');
  });
});
