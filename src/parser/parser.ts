/**
 * The OpenQASM 3.1 grammar as a Chevrotain embedded-actions parser: the
 * statement layer, on top of types.ts, expressions.ts and base.ts. Rule names
 * follow the reference grammar (qasm3Parser.g4). The grammar holds no
 * judgement: each action only hands what was written to a small constructor
 * in src/ast/build.ts.
 *
 * Differences from the reference grammar, all about shape, none about what
 * is accepted: a statement led by an identifier (gate call, assignment,
 * expression) is one rule that decides after the name; `cal` and `defcal`
 * arrive as single opaque tokens; a bare `{ ... }` scope is flattened into
 * the enclosing statement list (the AST has no scope node); annotations are
 * attached in one place, the statement rule.
 */
import type { IOrAlt, IToken } from 'chevrotain';
import type { OperandWithPrefixes, PrefixOperator } from '../ast/build.js';
import { emptyList, endOf, NO_PREFIXES, startOf } from '../ast/build.js';
import type * as N from '../ast/nodes.js';
import { NO_ANNOTATIONS } from '../ast/nodes.js';
import * as T from '../lexer/index.js';
import { ErrorBudgetSpent } from './limits.js';
import { alt, type Body, type StatementResult } from './rule-types.js';
import { TypeRules } from './types.js';

export { MAX_EXPRESSION_DEPTH, MAX_PARSER_NESTING, NestingTooDeep } from './limits.js';
export type { ParserNote, StatementResult } from './rule-types.js';

export class Qasm3Parser extends TypeRules {
  protected statementAlternatives?: IOrAlt<StatementResult>[];

  constructor(options: { readonly validate?: boolean } = {}) {
    super(options);
    this.performSelfAnalysis();
  }

  // --- program and statements -------------------------------------------------------------

  /** The statements of one chunk of source (the driver splits long sources at statement ends). */
  program = this.rule('program', (): StatementResult[] => {
    const statements: N.Statement[] = [];
    const results: StatementResult[] = [];
    try {
      this.MANY(() => {
        results.push(this.recoverableStatement(statements, 1));
      });
    } catch (error) {
      // Recovery between top-level statements found one problem too many.
      if (!(error instanceof ErrorBudgetSpent)) throw error;
      this.skipRest();
    }
    return results;
  });

  override statementOrScope = this.rule('statementOrScope', (): StatementResult => {
    return this.OR([alt(() => this.SUBRULE(this.scope)), alt(() => this.SUBRULE(this.statement))]);
  });

  override scope = this.rule('scope', (): Body => {
    const open = this.CONSUME(T.LBRACE);
    this.ACTION(() => this.enter(open));
    const statements: N.Statement[] = [];
    this.MANY(() => {
      this.recoverableStatement(statements, 2);
    });
    this.CONSUME(T.RBRACE);
    this.ACTION(() => this.leave());
    return statements;
  });

  /** A body: a scope, or a single statement (which becomes a one-element list). */
  /**
   * A body without braces nests too (`else if` chains are the long case):
   * it counts as a level, as a block does, so the tree stays as shallow as
   * every later walk needs.
   */
  protected body = this.rule('body', (): Body => {
    const statements: N.Statement[] = [];
    const bare = this.ACTION(() => {
      const first = this.LA(1);
      if (first.tokenType === T.LBRACE) return false;
      this.enter(first);
      return true;
    });
    this.recoverableStatement(statements, 3);
    this.ACTION(() => {
      if (bare) this.leave();
    });
    return statements;
  });

  statement = this.rule('statement', (): StatementResult => {
    const annotations: N.Annotation[] = [];
    const first = this.LA(1);
    this.ACTION(() => {
      this.statementSerial++;
      if (Number.isFinite(first.startOffset)) this.statementStart = first.startOffset;
    });
    this.MANY(() => {
      const token = this.CONSUME(T.AnnotationKeyword);
      this.ACTION(() => annotations.push(this.b.annotation(token.image, token.startOffset)));
    });
    const statement = this.OR<StatementResult>(
      (this.statementAlternatives ??= [
        alt(() => this.SUBRULE(this.pragma)),
        alt(() => this.SUBRULE(this.version)),
        alt(() => this.SUBRULE(this.includeStatement)),
        alt(() => this.SUBRULE(this.calibrationGrammarStatement)),
        alt(() => this.SUBRULE(this.calStatement)),
        alt(() => this.SUBRULE(this.defcalStatement)),
        alt(() => this.SUBRULE(this.quantumDeclarationStatement)),
        alt(() => this.SUBRULE(this.oldStyleDeclarationStatement)),
        alt(() => this.SUBRULE(this.constDeclarationStatement)),
        alt(() => this.SUBRULE(this.ioDeclarationStatement)),
        alt(() => this.SUBRULE(this.aliasDeclarationStatement)),
        alt(() => this.SUBRULE(this.gateStatement)),
        alt(() => this.SUBRULE(this.defStatement)),
        alt(() => this.SUBRULE(this.externStatement)),
        alt(() => this.SUBRULE(this.returnStatement)),
        alt(() => this.SUBRULE(this.jumpStatement)),
        alt(() => this.SUBRULE(this.ifStatement)),
        alt(() => this.SUBRULE(this.forStatement)),
        alt(() => this.SUBRULE(this.whileStatement)),
        alt(() => this.SUBRULE(this.switchStatement)),
        alt(() => this.SUBRULE(this.barrierStatement)),
        alt(() => this.SUBRULE(this.boxStatement)),
        alt(() => this.SUBRULE(this.delayStatement)),
        alt(() => this.SUBRULE(this.resetStatement)),
        alt(() => this.SUBRULE(this.measureArrowAssignmentStatement)),
        alt(() => this.SUBRULE(this.modifiedGateCallStatement)),
        alt(() => this.SUBRULE(this.typeLedStatement)),
        alt(() => this.SUBRULE(this.identifierLedStatement)),
        alt(() => this.SUBRULE(this.expressionStatement)),
        alt(() => this.SUBRULE(this.nopStatement)),
        alt(() => this.SUBRULE(this.emptyStatement)),
      ]),
    );
    return this.ACTION(() => (annotations.length === 0 ? statement : this.b.annotate(statement, annotations)));
  });

  protected pragma = this.rule('pragma', (): N.Pragma => {
    const token = this.CONSUME(T.PRAGMA);
    return this.ACTION(() => this.b.pragma(token.image, token.startOffset));
  });

  version = this.rule('version', (): N.Version => {
    const keyword = this.CONSUME(T.OPENQASM);
    const number = this.OR([alt(() => this.CONSUME(T.FloatLiteral)), alt(() => this.CONSUME(T.DecimalIntegerLiteral))]);
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() => this.b.version(number.image, keyword.startOffset, this.endAt(semi)));
  });

  includeStatement = this.rule('includeStatement', (): N.Include => {
    const keyword = this.CONSUME(T.INCLUDE);
    const path = this.SUBRULE(this.stringLiteral);
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() => this.b.statement('Include', { path }, keyword.startOffset, this.endAt(semi)));
  });

  calibrationGrammarStatement = this.rule('calibrationGrammarStatement', (): N.Defcalgrammar => {
    const keyword = this.CONSUME(T.DEFCALGRAMMAR);
    const name = this.SUBRULE(this.stringLiteral);
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() => this.b.statement('Defcalgrammar', { name }, keyword.startOffset, this.endAt(semi)));
  });

  /** A quoted string, without its quotes (a bit-string-looking path is still a path). */
  protected stringLiteral = this.rule('stringLiteral', (): string => {
    const token = this.OR([alt(() => this.CONSUME(T.StringLiteral)), alt(() => this.CONSUME(T.BitstringLiteral))]);
    return this.ACTION(() => token.image.slice(1, -1));
  });

  calStatement = this.rule('calStatement', (): N.Cal => {
    const token = this.CONSUME(T.CalBlock);
    return this.ACTION(() => this.b.cal(token.image, token.startOffset));
  });

  defcalStatement = this.rule('defcalStatement', (): N.Defcal => {
    const token = this.CONSUME(T.DefcalBlock);
    return this.ACTION(() => this.b.defcal(token.image, token.startOffset));
  });

  quantumDeclarationStatement = this.rule('quantumDeclarationStatement', (): N.QubitDeclaration => {
    const keyword = this.CONSUME(T.QUBIT);
    const size = this.OPTION(() => this.SUBRULE(this.designator)) ?? null;
    const name = this.SUBRULE(this.identifier);
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() =>
      this.b.statement('QubitDeclaration', { name, size }, keyword.startOffset, this.endAt(semi)),
    );
  });

  oldStyleDeclarationStatement = this.rule('oldStyleDeclarationStatement', (): N.OldStyleDeclaration => {
    const keyword = this.OR([alt(() => this.CONSUME(T.QREG)), alt(() => this.CONSUME(T.CREG))]);
    const name = this.SUBRULE(this.identifier);
    const size = this.OPTION(() => this.SUBRULE(this.designator)) ?? null;
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() =>
      this.b.statement(
        'OldStyleDeclaration',
        { keyword: keyword.image as 'qreg' | 'creg', name, size },
        keyword.startOffset,
        this.endAt(semi),
      ),
    );
  });

  constDeclarationStatement = this.rule('constDeclarationStatement', (): N.ConstDeclaration => {
    const keyword = this.CONSUME(T.CONST);
    const type = this.SUBRULE(this.classicalType);
    const name = this.SUBRULE(this.identifier);
    this.CONSUME(T.EQUALS);
    const init = this.SUBRULE(this.declarationExpression);
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() =>
      this.b.statement(
        'ConstDeclaration',
        { type, name, init: init as N.Expression | N.ArrayLiteral },
        keyword.startOffset,
        this.endAt(semi),
      ),
    );
  });

  ioDeclarationStatement = this.rule('ioDeclarationStatement', (): N.IODeclaration => {
    const keyword = this.OR([alt(() => this.CONSUME(T.INPUT)), alt(() => this.CONSUME(T.OUTPUT))]);
    const type = this.SUBRULE(this.classicalType);
    const name = this.SUBRULE(this.identifier);
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() =>
      this.b.statement(
        'IODeclaration',
        { direction: keyword.image as 'input' | 'output', type, name },
        keyword.startOffset,
        this.endAt(semi),
      ),
    );
  });

  aliasDeclarationStatement = this.rule('aliasDeclarationStatement', (): N.AliasDeclaration => {
    const keyword = this.CONSUME(T.LET);
    const name = this.SUBRULE(this.identifier);
    this.CONSUME(T.EQUALS);
    const value = this.SUBRULE(this.expression);
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() =>
      this.b.statement('AliasDeclaration', { name, value }, keyword.startOffset, this.endAt(semi)),
    );
  });

  gateStatement = this.rule('gateStatement', (): N.GateDefinition => {
    const keyword = this.CONSUME(T.GATE);
    const name = this.SUBRULE(this.identifier);
    let params: readonly N.Identifier[] = emptyList();
    this.OPTION(() => {
      this.CONSUME(T.LPAREN);
      params = this.OPTION2(() => this.SUBRULE(this.identifierList)) ?? emptyList();
      this.CONSUME(T.RPAREN);
    });
    const qubits = this.SUBRULE2(this.identifierList);
    const body = this.SUBRULE(this.scope);
    return this.ACTION(() =>
      this.b.statement('GateDefinition', { name, params, qubits, body }, keyword.startOffset, this.previousEnd()),
    );
  });

  defStatement = this.rule('defStatement', (): N.SubroutineDefinition => {
    const keyword = this.CONSUME(T.DEF);
    const name = this.SUBRULE(this.identifier);
    this.CONSUME(T.LPAREN);
    const params: N.ArgumentDefinition[] = [];
    // `argumentDefinitionList` of the reference grammar: a trailing comma is allowed.
    this.OPTION3(() => {
      params.push(this.SUBRULE(this.argumentDefinition));
      this.MANY(() => {
        this.CONSUME(T.COMMA);
        params.push(this.SUBRULE2(this.argumentDefinition));
      });
      this.OPTION4(() => this.CONSUME2(T.COMMA));
    });
    this.CONSUME(T.RPAREN);
    const returnType = this.OPTION(() => this.SUBRULE(this.returnSignature)) ?? null;
    const body = this.SUBRULE(this.scope);
    return this.ACTION(() =>
      this.b.statement(
        'SubroutineDefinition',
        { name, params, returnType, body },
        keyword.startOffset,
        this.previousEnd(),
      ),
    );
  });

  externStatement = this.rule('externStatement', (): N.ExternDeclaration => {
    const keyword = this.CONSUME(T.EXTERN);
    const name = this.SUBRULE(this.identifier);
    this.CONSUME(T.LPAREN);
    const params: (N.ClassicalType | N.ArrayReferenceType)[] = [];
    // `externArgumentList` of the reference grammar: a trailing comma is allowed.
    this.OPTION3(() => {
      params.push(this.SUBRULE(this.externArgument));
      this.MANY(() => {
        this.CONSUME(T.COMMA);
        params.push(this.SUBRULE2(this.externArgument));
      });
      this.OPTION4(() => this.CONSUME2(T.COMMA));
    });
    this.CONSUME(T.RPAREN);
    const returnType = this.OPTION(() => this.SUBRULE(this.returnSignature)) ?? null;
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() =>
      this.b.statement('ExternDeclaration', { name, params, returnType }, keyword.startOffset, this.endAt(semi)),
    );
  });

  returnStatement = this.rule('returnStatement', (): N.Return => {
    const keyword = this.CONSUME(T.RETURN);
    const value =
      this.OPTION(() =>
        this.OR<N.Expression | N.MeasureExpression>([
          alt(() => this.SUBRULE(this.measureExpression)),
          alt(() => this.SUBRULE(this.expression)),
        ]),
      ) ?? null;
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() => this.b.statement('Return', { value }, keyword.startOffset, this.endAt(semi)));
  });

  /** `break;`, `continue;`, `end;` */
  jumpStatement = this.rule('jumpStatement', (): N.Break | N.Continue | N.End => {
    const keyword = this.OR([
      alt(() => this.CONSUME(T.BREAK)),
      alt(() => this.CONSUME(T.CONTINUE)),
      alt(() => this.CONSUME(T.END)),
    ]);
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() => {
      const kind = keyword.tokenType === T.BREAK ? 'Break' : keyword.tokenType === T.CONTINUE ? 'Continue' : 'End';
      return {
        kind,
        span: this.b.span(keyword.startOffset, this.endAt(semi)),
        annotations: NO_ANNOTATIONS,
      } satisfies N.Break | N.Continue | N.End;
    });
  });

  ifStatement = this.rule('ifStatement', (): N.If => {
    const keyword = this.CONSUME(T.IF);
    this.CONSUME(T.LPAREN);
    const condition = this.SUBRULE(this.expression);
    this.CONSUME(T.RPAREN);
    const body = this.SUBRULE(this.body);
    const elseBody =
      this.OPTION(() => {
        this.CONSUME(T.ELSE);
        return this.SUBRULE2(this.body);
      }) ?? null;
    return this.ACTION(() =>
      this.b.statement('If', { condition, body, elseBody }, keyword.startOffset, this.previousEnd()),
    );
  });

  forStatement = this.rule('forStatement', (): N.For => {
    const keyword = this.CONSUME(T.FOR);
    const variableType = this.SUBRULE(this.scalarType);
    const variable = this.SUBRULE(this.identifier);
    this.CONSUME(T.IN);
    const iterable = this.OR<N.For['iterable']>([
      alt(() => this.SUBRULE(this.setExpression)),
      alt(() => {
        const open = this.CONSUME(T.LBRACKET);
        const range = this.SUBRULE(this.rangeOrExpression);
        const close = this.CONSUME(T.RBRACKET);
        return this.ACTION(() =>
          range.kind === 'RangeExpression'
            ? this.b.range(range.start, range.step, range.end, open.startOffset, this.endAt(close))
            : range,
        );
      }),
      alt(() => this.SUBRULE(this.expression)),
    ]);
    const body = this.SUBRULE(this.body);
    return this.ACTION(() =>
      this.b.statement('For', { variableType, variable, iterable, body }, keyword.startOffset, this.previousEnd()),
    );
  });

  whileStatement = this.rule('whileStatement', (): N.While => {
    const keyword = this.CONSUME(T.WHILE);
    this.CONSUME(T.LPAREN);
    const condition = this.SUBRULE(this.expression);
    this.CONSUME(T.RPAREN);
    const body = this.SUBRULE(this.body);
    return this.ACTION(() => this.b.statement('While', { condition, body }, keyword.startOffset, this.previousEnd()));
  });

  switchStatement = this.rule('switchStatement', (): N.Switch => {
    const keyword = this.CONSUME(T.SWITCH);
    this.CONSUME(T.LPAREN);
    const subject = this.SUBRULE(this.expression);
    this.CONSUME(T.RPAREN);
    this.CONSUME(T.LBRACE);
    const cases: N.SwitchCase[] = [];
    this.MANY(() => cases.push(this.SUBRULE(this.switchCaseItem)));
    const close = this.CONSUME(T.RBRACE);
    return this.ACTION(() => this.b.statement('Switch', { subject, cases }, keyword.startOffset, this.endAt(close)));
  });

  switchCaseItem = this.rule('switchCaseItem', (): N.SwitchCase => {
    return this.OR([
      alt(() => {
        const keyword = this.CONSUME(T.CASE);
        const values = this.SUBRULE(this.expressionList);
        const body = this.SUBRULE(this.scope);
        return this.ACTION(() => this.b.switchCase(values, body, keyword.startOffset, this.previousEnd()));
      }),
      alt(() => {
        const keyword = this.CONSUME(T.DEFAULT);
        const body = this.SUBRULE2(this.scope);
        return this.ACTION(() => this.b.switchCase(null, body, keyword.startOffset, this.previousEnd()));
      }),
    ]);
  });

  barrierStatement = this.rule('barrierStatement', (): N.Barrier => {
    const keyword = this.CONSUME(T.BARRIER);
    const operands = this.OPTION(() => this.SUBRULE(this.gateOperandList)) ?? emptyList<N.GateOperand>();
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() => this.b.barrier(operands, keyword.startOffset, this.endAt(semi)));
  });

  boxStatement = this.rule('boxStatement', (): N.Box => {
    const keyword = this.CONSUME(T.BOX);
    const duration = this.OPTION(() => this.SUBRULE(this.designator)) ?? null;
    const body = this.SUBRULE(this.scope);
    return this.ACTION(() => this.b.statement('Box', { duration, body }, keyword.startOffset, this.previousEnd()));
  });

  delayStatement = this.rule('delayStatement', (): N.Delay => {
    const keyword = this.CONSUME(T.DELAY);
    const duration = this.SUBRULE(this.designator);
    const operands = this.OPTION(() => this.SUBRULE(this.gateOperandList)) ?? emptyList<N.GateOperand>();
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() => this.b.statement('Delay', { duration, operands }, keyword.startOffset, this.endAt(semi)));
  });

  /** `nop q;` (OpenQASM 3.1) has no node of its own: it is a gate call named `nop`. */
  nopStatement = this.rule('nopStatement', (): N.GateCall => {
    const keyword = this.CONSUME(T.NOP);
    const qubits = this.OPTION(() => this.SUBRULE(this.gateOperandList)) ?? emptyList<N.GateOperand>();
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() =>
      this.b.gateCall(
        emptyList(),
        this.b.identifier(keyword.image, keyword.startOffset),
        null,
        null,
        qubits,
        keyword.startOffset,
        this.endAt(semi),
      ),
    );
  });

  resetStatement = this.rule('resetStatement', (): N.Reset => {
    const keyword = this.CONSUME(T.RESET);
    const operand = this.SUBRULE(this.gateOperand);
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() => this.b.reset(operand, keyword.startOffset, this.endAt(semi)));
  });

  measureArrowAssignmentStatement = this.rule('measureArrowAssignmentStatement', (): N.MeasureStatement => {
    const measure = this.SUBRULE(this.measureExpression);
    const target =
      this.OPTION(() => {
        this.CONSUME(T.ARROW);
        return this.SUBRULE(this.indexedIdentifier);
      }) ?? null;
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() => this.b.measureStatement(measure, target, startOf(measure), this.endAt(semi)));
  });

  /** A gate call with modifiers (`ctrl @ x a, b;`), or `gphase`. */
  modifiedGateCallStatement = this.rule('modifiedGateCallStatement', (): N.GateCall => {
    const first = this.LA(1);
    return this.OR([
      alt(() => {
        const modifiers: N.GateModifier[] = [];
        this.AT_LEAST_ONE(() => modifiers.push(this.SUBRULE(this.gateModifier)));
        return this.OR2([
          alt(() => this.SUBRULE(this.namedGateCall, { ARGS: [modifiers, first] })),
          alt(() => this.SUBRULE(this.gphaseCall, { ARGS: [modifiers, first] })),
        ]);
      }),
      alt(() => this.SUBRULE2(this.gphaseCall, { ARGS: [emptyList<N.GateModifier>(), first] })),
    ]);
  });

  protected namedGateCall = this.rule(
    'namedGateCall',
    (modifiers: readonly N.GateModifier[], first: IToken): N.GateCall => {
      const name = this.SUBRULE(this.identifier);
      const args = this.OPTION(() => this.SUBRULE(this.callArguments)) ?? null;
      const designator = this.OPTION2(() => this.SUBRULE(this.designator)) ?? null;
      const qubits = this.SUBRULE(this.gateOperandList);
      const semi = this.CONSUME(T.SEMICOLON);
      return this.ACTION(() =>
        this.b.gateCall(modifiers, name, args, designator, qubits, this.startAt(first), this.endAt(semi)),
      );
    },
  );

  protected gphaseCall = this.rule('gphaseCall', (modifiers: readonly N.GateModifier[], first: IToken): N.GateCall => {
    const keyword = this.CONSUME(T.GPHASE);
    const args = this.OPTION(() => this.SUBRULE(this.callArguments)) ?? null;
    const designator = this.OPTION2(() => this.SUBRULE(this.designator)) ?? null;
    const qubits = this.OPTION3(() => this.SUBRULE(this.gateOperandList)) ?? emptyList<N.GateOperand>();
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() =>
      this.b.gateCall(
        modifiers,
        this.b.identifier(keyword.image, keyword.startOffset),
        args,
        designator,
        qubits,
        this.startAt(first),
        this.endAt(semi),
      ),
    );
  });

  gateModifier = this.rule('gateModifier', (): N.GateModifier => {
    const result = this.OR([
      alt(() => {
        const keyword = this.CONSUME(T.INV);
        return { keyword, argument: null as N.Expression | null };
      }),
      alt(() => {
        const keyword = this.CONSUME(T.POW);
        this.CONSUME(T.LPAREN);
        const argument = this.SUBRULE(this.expression);
        this.CONSUME(T.RPAREN);
        return { keyword, argument };
      }),
      alt(() => {
        const keyword = this.OR2([alt(() => this.CONSUME(T.CTRL)), alt(() => this.CONSUME(T.NEGCTRL))]);
        const argument =
          this.OPTION(() => {
            this.CONSUME2(T.LPAREN);
            const count = this.SUBRULE2(this.expression);
            this.CONSUME2(T.RPAREN);
            return count;
          }) ?? null;
        return { keyword, argument };
      }),
    ]);
    const at = this.CONSUME(T.AT);
    return this.ACTION(() =>
      this.b.modifier(
        result.keyword.image as N.GateModifier['modifier'],
        result.argument,
        result.keyword.startOffset,
        this.endAt(at),
      ),
    );
  });

  /** A declaration `int[32] x = 1;` or a cast used as a statement `int[32](x);`. */
  typeLedStatement = this.rule('typeLedStatement', (): N.ClassicalDeclaration | N.ExpressionStatement => {
    const type = this.SUBRULE(this.classicalType);
    return this.OR<N.ClassicalDeclaration | N.ExpressionStatement>([
      alt(() => {
        const name = this.SUBRULE(this.identifier);
        const init =
          this.OPTION(() => {
            this.CONSUME(T.EQUALS);
            return this.SUBRULE(this.declarationExpression);
          }) ?? null;
        const semi = this.CONSUME(T.SEMICOLON);
        return this.ACTION(() =>
          this.b.statement('ClassicalDeclaration', { type, name, init }, startOf(type), this.endAt(semi)),
        );
      }),
      alt(() => {
        let operand: N.Expression = this.SUBRULE(this.castArgument, { ARGS: [type] });
        // `int(a)[0] + 1;`: indices bind to the cast before any operator, as in an operand.
        this.MANY(() => {
          const index = this.SUBRULE(this.indexOperator);
          this.ACTION(() => {
            operand = this.b.index(operand, index);
          });
        });
        const expression = this.SUBRULE(this.expressionTail, { ARGS: [{ prefixes: NO_PREFIXES, operand }] });
        const semi = this.CONSUME2(T.SEMICOLON);
        return this.ACTION(() =>
          this.b.statement('ExpressionStatement', { expression }, startOf(type), this.endAt(semi)),
        );
      }),
    ]);
  });

  /**
   * A statement that starts with a name: a gate call (`h q;`, `rz(t) q;`,
   * `U(a, b, c)[2] q;`), an assignment (`c[0] = measure q[0];`, `x += 1;`)
   * or an expression (`f(x);`).
   */
  identifierLedStatement = this.rule('identifierLedStatement', (): N.Statement => {
    const nameToken = this.CONSUME(T.Identifier);
    const name = this.ACTION(() => this.b.identifier(nameToken.image, nameToken.startOffset));
    let args: readonly N.Expression[] | null = null;
    const indices: N.IndexOperator[] = [];
    this.OPTION(() => {
      args = this.SUBRULE(this.callArguments);
    });
    this.MANY(() => indices.push(this.SUBRULE(this.indexOperator)));
    return this.OR<N.Statement>([
      alt(() => {
        const qubits = this.SUBRULE(this.gateOperandList);
        const semi = this.CONSUME(T.SEMICOLON);
        return this.ACTION(() =>
          this.b.gateCall(emptyList(), name, args, this.designatorOf(indices), qubits, startOf(name), this.endAt(semi)),
        );
      }),
      alt(() => {
        const op = this.OR2([alt(() => this.CONSUME(T.EQUALS)), alt(() => this.CONSUME(T.CompoundAssignmentOperator))]);
        const value = this.SUBRULE(this.declarationExpression);
        const semi = this.CONSUME2(T.SEMICOLON);
        return this.ACTION(() => {
          const target = this.b.indexedIdentifier(
            name,
            indices,
            indices.length ? endOf(indices[indices.length - 1] as N.Node) : 0,
          );
          if (args !== null) this.note('the left side of an assignment cannot be a call', startOf(name), endOf(target));
          return this.b.assignment(target, op.image as N.AssignmentOperator, value, startOf(name), this.endAt(semi));
        });
      }),
      alt(() => {
        const head = this.ACTION(() => {
          let value: N.Expression = args === null ? name : this.b.call(name, args, this.endOfCall(indices));
          for (const index of indices) value = this.b.index(value, index);
          return value;
        });
        const expression = this.SUBRULE(this.expressionTail, { ARGS: [{ prefixes: NO_PREFIXES, operand: head }] });
        const semi = this.CONSUME3(T.SEMICOLON);
        return this.ACTION(() =>
          this.b.statement('ExpressionStatement', { expression }, startOf(name), this.endAt(semi)),
        );
      }),
    ]);
  });

  /** An expression statement that does not start with a name or a type (`(a) + 1;`, `-x;`, `durationof(...)`). */
  expressionStatement = this.rule('expressionStatement', (): N.ExpressionStatement => {
    const first = this.LA(1);
    const head = this.OR<OperandWithPrefixes>([
      alt(() => {
        // Prefix operators first, so that the statement cannot be confused with one led by a name.
        const prefixes: PrefixOperator[] = [];
        this.AT_LEAST_ONE(() => {
          const op = this.CONSUME(T.PrefixOperator);
          this.ACTION(() => prefixes.push({ op: op.image as PrefixOperator['op'], startOffset: op.startOffset }));
        });
        const rest = this.SUBRULE(this.operand);
        return this.ACTION(() => ({ prefixes: [...prefixes, ...rest.prefixes], operand: rest.operand }));
      }),
      alt(() => {
        let operand = this.SUBRULE(this.nonNameOperand);
        this.MANY(() => {
          const index = this.SUBRULE(this.indexOperator);
          this.ACTION(() => {
            operand = this.b.index(operand, index);
          });
        });
        return { prefixes: NO_PREFIXES, operand };
      }),
    ]);
    const expression = this.SUBRULE(this.expressionTail, { ARGS: [head] });
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() =>
      this.b.statement('ExpressionStatement', { expression }, this.startAt(first), this.endAt(semi)),
    );
  });

  emptyStatement = this.rule('emptyStatement', (): N.EmptyStatement => {
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() => this.b.statement('EmptyStatement', {}, semi.startOffset, this.endAt(semi)));
  });
}
