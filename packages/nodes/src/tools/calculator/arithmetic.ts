/**
 * A small arithmetic evaluator for the Calculator tool. It parses the expression itself (recursive
 * descent over a token list) and never hands text to `eval`/`Function`, so model-written input can
 * only ever compute a number.
 *
 * Grammar (lowest precedence first):
 *   expression := term (("+" | "-") term)*
 *   term       := unary (("*" | "/" | "%") unary | unary-after-implicit-times)*
 *   unary      := ("+" | "-") unary | power
 *   power      := postfix ("^" unary)?          right-associative; `**` means `^`
 *   postfix    := primary "!"*
 *   primary    := number | constant | name "(" arguments ")" | "(" expression ")"
 */

/** The expression could not be evaluated; the message says where and why. */
export class ArithmeticError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArithmeticError';
  }
}

type Token =
  { kind: 'number'; value: number; at: number } | { kind: 'name' | 'op'; text: string; at: number };

const CONSTANTS: Record<string, number> = { pi: Math.PI, e: Math.E, tau: 2 * Math.PI };

const FUNCTIONS: Record<string, { min: number; max: number; apply: (...args: number[]) => number }> = {
  sqrt: { min: 1, max: 1, apply: Math.sqrt },
  cbrt: { min: 1, max: 1, apply: Math.cbrt },
  sin: { min: 1, max: 1, apply: Math.sin },
  cos: { min: 1, max: 1, apply: Math.cos },
  tan: { min: 1, max: 1, apply: Math.tan },
  asin: { min: 1, max: 1, apply: Math.asin },
  acos: { min: 1, max: 1, apply: Math.acos },
  atan: { min: 1, max: 1, apply: Math.atan },
  // `log` is base 10 as on a pocket calculator; `log(x, b)` takes a base; `ln` is natural.
  log: {
    min: 1,
    max: 2,
    apply: (x, base) => (base === undefined ? Math.log10(x) : Math.log(x) / Math.log(base)),
  },
  ln: { min: 1, max: 1, apply: Math.log },
  exp: { min: 1, max: 1, apply: Math.exp },
  abs: { min: 1, max: 1, apply: Math.abs },
  round: {
    min: 1,
    max: 2,
    apply: (x, digits = 0) => Math.round(x * 10 ** digits) / 10 ** digits,
  },
  floor: { min: 1, max: 1, apply: Math.floor },
  ceil: { min: 1, max: 1, apply: Math.ceil },
  min: { min: 1, max: Infinity, apply: Math.min },
  max: { min: 1, max: Infinity, apply: Math.max },
  pow: { min: 2, max: 2, apply: Math.pow },
};

const MAX_LENGTH = 1000;
const MAX_DEPTH = 100;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const pattern =
    /\s+|(\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|([A-Za-z_]\w*)|(\*\*|[-+*/^%(),!×÷])/y;
  let at = 0;
  while (at < text.length) {
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match) throw new ArithmeticError(`Unexpected "${text[at]}" at position ${at + 1}`);
    const [, number, name, op] = match;
    if (number !== undefined) tokens.push({ kind: 'number', value: Number(number), at });
    else if (name !== undefined) tokens.push({ kind: 'name', text: name.toLowerCase(), at });
    else if (op !== undefined) {
      const normal = op === '**' ? '^' : op === '×' ? '*' : op === '÷' ? '/' : op;
      tokens.push({ kind: 'op', text: normal, at });
    }
    at = pattern.lastIndex;
  }
  return tokens;
}

function factorial(n: number): number {
  if (!Number.isInteger(n) || n < 0) throw new ArithmeticError('Factorial needs a whole number ≥ 0');
  if (n > 170) return Infinity;
  let result = 1;
  for (let i = 2; i <= n; i++) result *= i;
  return result;
}

class Parser {
  private index = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): number {
    if (this.tokens.length === 0) throw new ArithmeticError('The expression is empty');
    const value = this.expression();
    const rest = this.tokens[this.index];
    if (rest) throw new ArithmeticError(`Unexpected "${describe(rest)}" at position ${rest.at + 1}`);
    return value;
  }

  private peekOp(...ops: string[]): string | undefined {
    const token = this.tokens[this.index];
    return token?.kind === 'op' && ops.includes(token.text) ? token.text : undefined;
  }

  private expect(op: string) {
    if (!this.peekOp(op)) {
      const token = this.tokens[this.index];
      throw new ArithmeticError(
        token ? `Expected "${op}" at position ${token.at + 1}` : `Expected "${op}" at the end`,
      );
    }
    this.index++;
  }

  private expression(): number {
    if (++this.depth > MAX_DEPTH) throw new ArithmeticError('The expression is nested too deeply');
    let value = this.term();
    for (let op = this.peekOp('+', '-'); op; op = this.peekOp('+', '-')) {
      this.index++;
      const right = this.term();
      value = op === '+' ? value + right : value - right;
    }
    this.depth--;
    return value;
  }

  private term(): number {
    let value = this.unary();
    for (;;) {
      const op = this.peekOp('*', '/', '%');
      const next = this.tokens[this.index];
      // `2(3 + 4)` and `2pi` multiply; two plain numbers in a row stay an error.
      const implicit = !op && (next?.kind === 'name' || (next?.kind === 'op' && next.text === '('));
      if (!op && !implicit) return value;
      if (op) this.index++;
      const right = this.unary();
      if (op === '/' && right === 0) throw new ArithmeticError('Division by zero');
      if (op === '%' && right === 0) throw new ArithmeticError('Modulo by zero');
      value = op === '/' ? value / right : op === '%' ? value % right : value * right;
    }
  }

  private unary(): number {
    const op = this.peekOp('+', '-');
    if (!op) return this.power();
    this.index++;
    const value = this.unary();
    return op === '-' ? -value : value;
  }

  private power(): number {
    const base = this.postfix();
    if (!this.peekOp('^')) return base;
    this.index++;
    return base ** this.unary();
  }

  private postfix(): number {
    let value = this.primary();
    while (this.peekOp('!')) {
      this.index++;
      value = factorial(value);
    }
    return value;
  }

  private primary(): number {
    const token = this.tokens[this.index];
    if (!token) throw new ArithmeticError('The expression ends too early');
    this.index++;
    if (token.kind === 'number') return token.value;
    if (token.kind === 'op') {
      if (token.text !== '(')
        throw new ArithmeticError(`Unexpected "${token.text}" at position ${token.at + 1}`);
      const value = this.expression();
      this.expect(')');
      return value;
    }
    const fn = FUNCTIONS[token.text];
    if (fn) {
      this.expect('(');
      const args = [this.expression()];
      while (this.peekOp(',')) {
        this.index++;
        args.push(this.expression());
      }
      this.expect(')');
      if (args.length < fn.min || args.length > fn.max)
        throw new ArithmeticError(
          `${token.text}() takes ${fn.min === fn.max ? fn.min : `${fn.min} or more`} argument(s)`,
        );
      return fn.apply(...args);
    }
    const constant = CONSTANTS[token.text];
    if (constant !== undefined) return constant;
    throw new ArithmeticError(`Unknown name "${token.text}" at position ${token.at + 1}`);
  }
}

function describe(token: Token): string {
  return token.kind === 'number' ? String(token.value) : token.text;
}

/** Evaluates an arithmetic expression; throws {@link ArithmeticError} with a readable reason. */
export function evaluateArithmetic(expression: string): number {
  if (expression.length > MAX_LENGTH)
    throw new ArithmeticError(`The expression is longer than ${MAX_LENGTH} characters`);
  const value = new Parser(tokenize(expression)).parse();
  if (!Number.isFinite(value)) throw new ArithmeticError('The result is not a finite number');
  return value;
}

/** A result as a person would write it: 0.1 + 0.2 gives 0.3, not 0.30000000000000004. */
export function formatNumber(value: number): string {
  return String(Number.parseFloat(value.toPrecision(15)));
}
