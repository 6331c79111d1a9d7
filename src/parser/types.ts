/**
 * Type rules: scalar, array and array-reference types, `def` parameters and
 * `extern` parameters.
 */
import type * as N from '../ast/nodes.js';
import * as T from '../lexer/index.js';
import { alt } from './rule-types.js';
import { ExpressionRules } from './expressions.js';

export abstract class TypeRules extends ExpressionRules {
  // --- types ------------------------------------------------------------------------------

  returnSignature = this.rule('returnSignature', (): N.ScalarType => {
    this.CONSUME(T.ARROW);
    return this.SUBRULE(this.scalarType);
  });

  /** `int[32]`, `complex[float[64]]`, `bool`, ... */
  scalarType = this.rule('scalarType', (): N.ScalarType => {
    return this.OR([
      alt(() => {
        const keyword = this.OR2([
          alt(() => this.CONSUME(T.BIT)),
          alt(() => this.CONSUME(T.INT)),
          alt(() => this.CONSUME(T.UINT)),
          alt(() => this.CONSUME(T.FLOAT_TYPE)),
          alt(() => this.CONSUME(T.ANGLE)),
        ]);
        const size = this.OPTION(() => this.SUBRULE(this.designator)) ?? null;
        return this.ACTION(() => this.scalarOf(keyword, size, null));
      }),
      alt(() => {
        const keyword = this.OR3([
          alt(() => this.CONSUME(T.BOOL)),
          alt(() => this.CONSUME(T.DURATION)),
          alt(() => this.CONSUME(T.STRETCH)),
        ]);
        return this.ACTION(() => this.scalarOf(keyword, null, null));
      }),
      alt(() => {
        const keyword = this.CONSUME(T.COMPLEX);
        const component =
          this.OPTION2(() => {
            const open = this.CONSUME(T.LBRACKET);
            this.ACTION(() => this.enter(open));
            const inner = this.SUBRULE(this.scalarType);
            this.CONSUME(T.RBRACKET);
            this.ACTION(() => this.leave());
            return inner;
          }) ?? null;
        return this.ACTION(() => this.scalarOf(keyword, null, component));
      }),
    ]);
  });

  /** `array[int[32], 2, 3]` */
  arrayType = this.rule('arrayType', (): N.ArrayType => {
    const keyword = this.CONSUME(T.ARRAY);
    this.CONSUME(T.LBRACKET);
    const elementType = this.SUBRULE(this.scalarType);
    this.CONSUME(T.COMMA);
    const dimensions = this.SUBRULE(this.expressionList);
    const close = this.CONSUME(T.RBRACKET);
    return this.ACTION(() => this.b.arrayType(elementType, dimensions, keyword.startOffset, this.endAt(close)));
  });

  override classicalType = this.rule('classicalType', (): N.ClassicalType => {
    return this.OR<N.ClassicalType>([
      alt(() => this.SUBRULE(this.scalarType)),
      alt(() => this.SUBRULE(this.arrayType)),
    ]);
  });

  /** `readonly array[int, 2]`, `mutable array[int, #dim = 2]` */
  arrayReferenceType = this.rule('arrayReferenceType', (): N.ArrayReferenceType => {
    const keyword = this.OR([alt(() => this.CONSUME(T.READONLY)), alt(() => this.CONSUME(T.MUTABLE))]);
    this.CONSUME(T.ARRAY);
    this.CONSUME(T.LBRACKET);
    const elementType = this.SUBRULE(this.scalarType);
    this.CONSUME(T.COMMA);
    const shape = this.OR2<{ dimensions: N.Expression[] | null; count: N.Expression | null }>([
      alt(() => ({ dimensions: this.SUBRULE(this.expressionList), count: null as N.Expression | null })),
      alt(() => {
        this.CONSUME(T.DIM);
        this.CONSUME(T.EQUALS);
        return { dimensions: null as N.Expression[] | null, count: this.SUBRULE(this.expression) };
      }),
    ]);
    const close = this.CONSUME(T.RBRACKET);
    return this.ACTION(() =>
      this.b.arrayReferenceType(
        keyword.image as 'readonly' | 'mutable',
        elementType,
        shape.dimensions,
        shape.count,
        keyword.startOffset,
        this.endAt(close),
      ),
    );
  });

  /** A `def` parameter. */
  argumentDefinition = this.rule('argumentDefinition', (): N.ArgumentDefinition => {
    const first = this.LA(1);
    return this.OR([
      alt(() => {
        const type = this.OR2<N.ClassicalType | N.QubitType | N.ArrayReferenceType>([
          alt(() => this.SUBRULE(this.scalarType)),
          alt(() => this.SUBRULE(this.qubitType)),
          alt(() => this.SUBRULE(this.arrayReferenceType)),
        ]);
        const name = this.SUBRULE(this.identifier);
        return this.ACTION(() => this.b.argument(type, name, null, this.startAt(first), this.previousEnd()));
      }),
      alt(() => {
        const keyword = this.OR3([alt(() => this.CONSUME(T.CREG)), alt(() => this.CONSUME(T.QREG))]);
        const name = this.SUBRULE2(this.identifier);
        const size = this.OPTION(() => this.SUBRULE(this.designator)) ?? null;
        return this.ACTION(() => {
          const end = this.previousEnd();
          const type =
            keyword.tokenType === T.QREG
              ? this.b.qubitType(size, keyword.startOffset, end)
              : this.b.scalarType('bit', size, null, keyword.startOffset, end);
          return this.b.argument(type, name, keyword.image as 'qreg' | 'creg', keyword.startOffset, end);
        });
      }),
    ]);
  });

  qubitType = this.rule('qubitType', (): N.QubitType => {
    const keyword = this.CONSUME(T.QUBIT);
    const size = this.OPTION(() => this.SUBRULE(this.designator)) ?? null;
    return this.ACTION(() => this.b.qubitType(size, keyword.startOffset, this.previousEnd()));
  });

  /** An `extern` parameter: a scalar type, an array reference, or `creg[n]`. */
  externArgument = this.rule('externArgument', (): N.ClassicalType | N.ArrayReferenceType => {
    return this.OR<N.ClassicalType | N.ArrayReferenceType>([
      alt(() => this.SUBRULE(this.scalarType)),
      alt(() => this.SUBRULE(this.arrayReferenceType)),
      alt(() => {
        const keyword = this.CONSUME(T.CREG);
        const size = this.OPTION(() => this.SUBRULE(this.designator)) ?? null;
        return this.ACTION(() => this.b.scalarType('bit', size, null, keyword.startOffset, this.previousEnd()));
      }),
    ]);
  });
}
