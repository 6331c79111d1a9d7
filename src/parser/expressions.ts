/**
 * Expression rules: operands, operator runs (folded by precedence in
 * src/ast/build-expression.ts), indexing, ranges, sets, array literals, gate
 * operands and the lists of them.
 */
import type { IOrAlt, ParserMethod } from 'chevrotain';
import type { OperandWithPrefixes, PrefixOperator } from '../ast/build.js';
import { emptyList, NO_PREFIXES, startOf } from '../ast/build.js';
import type * as N from '../ast/nodes.js';
import * as T from '../lexer/index.js';
import { RecoveringParser } from './recovery.js';
import { alt, type Body } from './rule-types.js';

export abstract class ExpressionRules extends RecoveringParser {
  // Alternatives of the hottest ORs, built once (Chevrotain's "caching arrays of
  // alternatives"): they capture nothing but the parser, so one array serves
  // every call instead of a fresh array and closures per operand.
  protected operandAlternatives?: IOrAlt<N.Expression>[];
  protected nonNameAlternatives?: IOrAlt<N.Expression>[];
  protected groupedAlternatives?: IOrAlt<N.Expression>[];
  protected indexAlternatives?: IOrAlt<N.DiscreteSet | (N.Expression | N.RangeExpression)[]>[];
  protected gateOperandAlternatives?: IOrAlt<N.GateOperand>[];
  protected rangeAlternatives?: IOrAlt<N.Expression | N.RangeExpression>[];

  /** Defined by the type layer (types.ts). */
  declare classicalType: ParserMethod<[], N.ClassicalType>;
  /** Defined by the statement layer (parser.ts). */
  declare scope: ParserMethod<[], Body>;

  // --- expressions ------------------------------------------------------------------------

  /** `operand (op operand)*`, folded by precedence in the builder. */
  expression = this.rule('expression', (): N.Expression => {
    const start = this.LA(1);
    this.ACTION(() => this.enterExpression());
    const first = this.SUBRULE(this.operand);
    const operands: OperandWithPrefixes[] = [first];
    const ops: N.BinaryOperator[] = [];
    this.MANY(() => {
      const op = this.CONSUME(T.BinaryOperator);
      const operand = this.SUBRULE2(this.operand);
      this.ACTION(() => {
        ops.push(op.image as N.BinaryOperator);
        operands.push(operand);
        this.checkOperatorRun(operands, ops, start);
      });
    });
    return this.ACTION(() => this.leaveExpression(this.b.expression(operands, ops), start));
  });

  /** Continues an expression whose first operand is already built (statements led by a name). */
  protected expressionTail = this.rule('expressionTail', (head: OperandWithPrefixes): N.Expression => {
    const start = this.LA(0);
    this.ACTION(() => this.enterExpression());
    const operands: OperandWithPrefixes[] = [head];
    const ops: N.BinaryOperator[] = [];
    this.MANY(() => {
      const op = this.CONSUME(T.BinaryOperator);
      const operand = this.SUBRULE(this.operand);
      this.ACTION(() => {
        ops.push(op.image as N.BinaryOperator);
        operands.push(operand);
        this.checkOperatorRun(operands, ops, start);
      });
    });
    return this.ACTION(() => this.leaveExpression(this.b.expression(operands, ops), start));
  });

  /**
   * One operand of an expression with its prefix operators and trailing
   * indexes: `-a[0]`, `f(x)`, `int[8](y)`, `(e)`, `1.5`. One rule rather than
   * the reference grammar's levels, so an operand costs one rule call.
   */
  operand = this.rule('operand', (): OperandWithPrefixes => {
    const prefixes: PrefixOperator[] = [];
    this.MANY(() => {
      const op = this.CONSUME(T.PrefixOperator);
      this.ACTION(() => prefixes.push({ op: op.image as PrefixOperator['op'], startOffset: op.startOffset }));
    });
    let value = this.OR<N.Expression>(
      (this.operandAlternatives ??= [
        alt(() => {
          const token = this.CONSUME(T.Identifier);
          const args = this.OPTION(() => this.SUBRULE(this.callArguments));
          return this.ACTION(() => {
            const name = this.b.identifier(token.image, token.startOffset);
            return args === undefined ? name : this.b.call(name, args, this.previousEnd());
          });
        }),
        alt(() => {
          const type = this.SUBRULE(this.classicalType);
          return this.SUBRULE(this.castArgument, { ARGS: [type] });
        }),
        alt(() => {
          const token = this.CONSUME(T.Literal);
          return this.ACTION(() => this.literal(token));
        }),
        alt(() => this.SUBRULE(this.groupedOperand)),
      ]),
    );
    this.MANY2(() => {
      const index = this.SUBRULE(this.indexOperator);
      this.ACTION(() => {
        value = this.b.index(value, index);
      });
    });
    return { prefixes: prefixes.length === 0 ? NO_PREFIXES : prefixes, operand: value };
  });

  /** Operands that do not start with a name or a type: literals, `( ... )`, `durationof`, `$n`. */
  protected nonNameOperand = this.rule('nonNameOperand', (): N.Expression => {
    return this.OR(
      (this.nonNameAlternatives ??= [
        alt(() => {
          const token = this.CONSUME(T.Literal);
          return this.ACTION(() => this.literal(token));
        }),
        alt(() => this.SUBRULE(this.groupedOperand)),
      ]),
    );
  });

  /** `( ... )`, `durationof({ ... })`, `$n`. */
  protected groupedOperand = this.rule('groupedOperand', (): N.Expression => {
    return this.OR(
      (this.groupedAlternatives ??= [
        alt(() => {
          const open = this.CONSUME(T.LPAREN);
          this.ACTION(() => this.enter(open));
          const inner = this.SUBRULE(this.expression);
          this.CONSUME(T.RPAREN);
          this.ACTION(() => this.leave());
          return inner;
        }),
        alt(() => {
          const keyword = this.CONSUME(T.DURATIONOF);
          this.CONSUME2(T.LPAREN);
          const body = this.SUBRULE(this.scope);
          const close = this.CONSUME2(T.RPAREN);
          return this.ACTION(() => this.b.durationOf(body, keyword.startOffset, this.endAt(close)));
        }),
        alt(() => {
          const t = this.CONSUME(T.HardwareQubit);
          return this.ACTION(() => this.b.hardwareQubit(t.image, t.startOffset));
        }),
      ]),
    );
  });

  protected castArgument = this.rule('castArgument', (type: N.ScalarType | N.ArrayType): N.Cast => {
    const open = this.CONSUME(T.LPAREN);
    this.ACTION(() => this.enter(open));
    const argument = this.SUBRULE(this.expression);
    const close = this.CONSUME(T.RPAREN);
    this.ACTION(() => this.leave());
    return this.ACTION(() => this.b.cast(type, argument, this.endAt(close)));
  });

  protected callArguments = this.rule('callArguments', (): readonly N.Expression[] => {
    const open = this.CONSUME(T.LPAREN);
    this.ACTION(() => this.enter(open));
    const args = this.OPTION(() => this.SUBRULE(this.expressionList)) ?? emptyList<N.Expression>();
    this.CONSUME(T.RPAREN);
    this.ACTION(() => this.leave());
    return args;
  });

  expressionList = this.rule('expressionList', (): N.Expression[] => {
    const items: N.Expression[] = [this.SUBRULE(this.expression)];
    this.MANY(() => {
      this.CONSUME(T.COMMA);
      items.push(this.SUBRULE2(this.expression));
    });
    this.OPTION(() => this.CONSUME2(T.COMMA));
    return items;
  });

  /** `measure q[0]` */
  measureExpression = this.rule('measureExpression', (): N.MeasureExpression => {
    const keyword = this.CONSUME(T.MEASURE);
    const operand = this.SUBRULE(this.gateOperand);
    return this.ACTION(() => this.b.measure(operand, keyword.startOffset));
  });

  /** The right side of a declaration or assignment: an expression, `measure q`, or an array literal. */
  declarationExpression = this.rule(
    'declarationExpression',
    (): N.Expression | N.MeasureExpression | N.ArrayLiteral => {
      return this.OR<N.Expression | N.MeasureExpression | N.ArrayLiteral>([
        alt(() => this.SUBRULE(this.arrayLiteral)),
        alt(() => this.SUBRULE(this.measureExpression)),
        alt(() => this.SUBRULE(this.expression)),
      ]);
    },
  );

  arrayLiteral = this.rule('arrayLiteral', (): N.ArrayLiteral => {
    const open = this.CONSUME(T.LBRACE);
    this.ACTION(() => this.enter(open));
    const items: (N.Expression | N.ArrayLiteral)[] = [];
    this.OPTION(() => {
      items.push(
        this.OR([alt(() => this.SUBRULE(this.arrayLiteral)), alt(() => this.SUBRULE(this.expression))]) as
          N.Expression | N.ArrayLiteral,
      );
      this.MANY(() => {
        this.CONSUME(T.COMMA);
        items.push(
          this.OR2([alt(() => this.SUBRULE2(this.arrayLiteral)), alt(() => this.SUBRULE2(this.expression))]) as
            N.Expression | N.ArrayLiteral,
        );
      });
      this.OPTION2(() => this.CONSUME2(T.COMMA));
    });
    const close = this.CONSUME(T.RBRACE);
    this.ACTION(() => this.leave());
    return this.ACTION(() => this.b.arrayLiteral(items, open.startOffset, this.endAt(close)));
  });

  /** `{a, b, c}` */
  setExpression = this.rule('setExpression', (): N.DiscreteSet => {
    const open = this.CONSUME(T.LBRACE);
    this.ACTION(() => this.enter(open));
    const values = this.SUBRULE(this.expressionList);
    const close = this.CONSUME(T.RBRACE);
    this.ACTION(() => this.leave());
    return this.ACTION(() => this.b.discreteSet(values, open.startOffset, this.endAt(close)));
  });

  /** `[0]`, `[0:2]`, `[1, 2:3]`, `[{0, 1}]` */
  indexOperator = this.rule('indexOperator', (): N.IndexOperator => {
    const open = this.CONSUME(T.LBRACKET);
    this.ACTION(() => this.enter(open));
    const result = this.OR<N.DiscreteSet | (N.Expression | N.RangeExpression)[]>(
      (this.indexAlternatives ??= [
        alt(() => this.SUBRULE(this.setExpression)),
        alt(() => {
          const items: (N.Expression | N.RangeExpression)[] = [this.SUBRULE(this.rangeOrExpression)];
          this.MANY(() => {
            this.CONSUME(T.COMMA);
            items.push(this.SUBRULE2(this.rangeOrExpression));
          });
          this.OPTION(() => this.CONSUME2(T.COMMA));
          return items;
        }),
      ]),
    );
    const close = this.CONSUME(T.RBRACKET);
    this.ACTION(() => this.leave());
    return this.ACTION(() =>
      Array.isArray(result) ? this.b.indexList(result, open.startOffset, this.endAt(close)) : result,
    );
  });

  /** `a`, or a range `a:b`, `a:s:b`, `:`, `a:`, `:b`. */
  rangeOrExpression = this.rule('rangeOrExpression', (): N.Expression | N.RangeExpression => {
    return this.OR<N.Expression | N.RangeExpression>(
      (this.rangeAlternatives ??= [
        alt(() => {
          const colon = this.LA(1);
          const rest = this.SUBRULE(this.rangeRest);
          return this.ACTION(() => this.rangeOf(null, rest, this.startAt(colon)));
        }),
        alt(() => {
          const first = this.SUBRULE(this.expression);
          const rest = this.OPTION(() => this.SUBRULE2(this.rangeRest));
          return this.ACTION(() => (rest === undefined ? first : this.rangeOf(first, rest, startOf(first))));
        }),
      ]),
    );
  });

  /** The part of a range from its first `:`. */
  protected rangeRest = this.rule('rangeRest', (): { second: N.Expression | null; third: N.Expression | null } => {
    this.CONSUME(T.COLON);
    const second = this.OPTION(() => this.SUBRULE(this.expression)) ?? null;
    const third =
      this.OPTION2(() => {
        this.CONSUME2(T.COLON);
        return this.SUBRULE2(this.expression);
      }) ?? null;
    return { second, third };
  });

  designator = this.rule('designator', (): N.Expression => {
    const open = this.CONSUME(T.LBRACKET);
    this.ACTION(() => this.enter(open));
    const value = this.SUBRULE(this.expression);
    this.CONSUME(T.RBRACKET);
    this.ACTION(() => this.leave());
    return value;
  });

  identifier = this.rule('identifier', (): N.Identifier => {
    const token = this.CONSUME(T.Identifier);
    return this.ACTION(() => this.b.identifier(token.image, this.startAt(token)));
  });

  identifierList = this.rule('identifierList', (): N.Identifier[] => {
    const items: N.Identifier[] = [this.SUBRULE(this.identifier)];
    this.MANY(() => {
      const comma = this.CONSUME(T.COMMA);
      this.ACTION(() => this.checkListLength(items.length, comma));
      items.push(this.SUBRULE2(this.identifier));
    });
    this.OPTION(() => this.CONSUME2(T.COMMA));
    return items;
  });

  indexedIdentifier = this.rule('indexedIdentifier', (): N.IndexedIdentifier => {
    const name = this.SUBRULE(this.identifier);
    const indices: N.IndexOperator[] = [];
    this.MANY(() => indices.push(this.SUBRULE(this.indexOperator)));
    return this.ACTION(() => this.b.indexedIdentifier(name, indices, this.previousEnd()));
  });

  gateOperand = this.rule('gateOperand', (): N.GateOperand => {
    return this.OR(
      (this.gateOperandAlternatives ??= [
        alt(() => {
          const token = this.CONSUME(T.Identifier);
          const indices: N.IndexOperator[] = [];
          this.MANY(() => indices.push(this.SUBRULE(this.indexOperator)));
          return this.ACTION(() =>
            this.b.indexedIdentifier(this.b.identifier(token.image, token.startOffset), indices, this.previousEnd()),
          );
        }),
        alt(() => {
          const t = this.CONSUME(T.HardwareQubit);
          return this.ACTION(() => this.b.hardwareQubit(t.image, t.startOffset));
        }),
      ]),
    );
  });

  gateOperandList = this.rule('gateOperandList', (): N.GateOperand[] => {
    const items: N.GateOperand[] = [this.SUBRULE(this.gateOperand)];
    this.MANY(() => {
      const comma = this.CONSUME(T.COMMA);
      this.ACTION(() => this.checkListLength(items.length, comma));
      items.push(this.SUBRULE2(this.gateOperand));
    });
    this.OPTION(() => this.CONSUME2(T.COMMA));
    return items;
  });
}
