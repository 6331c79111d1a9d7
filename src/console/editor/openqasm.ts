/** A small OpenQASM 3 mode for CodeMirror: keywords, types, gate names, numbers, strings, comments, annotations. */
import { HighlightStyle, StreamLanguage, syntaxHighlighting, type StreamParser } from '@codemirror/language';
import { tags } from '@lezer/highlight';

const words = (text: string) => new Set(text.split(' '));
const KEYWORDS = words(
  'OPENQASM include gate def extern measure reset barrier if else for while in let return break continue switch case default box delay cal defcal durationof ctrl negctrl inv pow const input output pragma end',
);
const TYPES = words('qubit qreg bit creg int uint float bool angle complex array duration stretch void');
const GATES = words(
  'x not y z h s sdg si t tdg ti sx v vdg vi rx ry rz p id xphase yphase gphase cx cnot cy cz swap U u1 u2 u3 ccx crz ch cp crx cry cswap cu sxdg gpi gpi2 ms zz',
);
const CONSTANTS = words('pi π tau τ euler ℇ true false');

interface State {
  inComment: boolean;
}

const parser: StreamParser<State> = {
  name: 'openqasm',
  startState: () => ({ inComment: false }),
  token(stream, state) {
    if (state.inComment) {
      if (stream.skipTo('*/')) {
        stream.match('*/');
        state.inComment = false;
      } else stream.skipToEnd();
      return 'comment';
    }
    if (stream.eatSpace()) return null;
    if (stream.match('//')) {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.match('/*')) {
      state.inComment = true;
      return 'comment';
    }
    if (stream.match(/^#pragma\b.*/) || stream.match(/^@[A-Za-z_][\w.]*/)) return 'meta';
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/) || stream.match(/^'(?:[^'\\]|\\.)*'?/)) return 'string';
    if (stream.match(/^(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d+)?(?:im|ns|us|µs|ms|s|dt)?/)) return 'number';
    const word = stream.match(/^[A-Za-z_πτℇ][\w]*/) as RegExpMatchArray | null;
    if (word) {
      const text = word[0];
      if (KEYWORDS.has(text)) return 'keyword';
      if (TYPES.has(text)) return 'typeName';
      if (CONSTANTS.has(text)) return 'atom';
      if (GATES.has(text)) return 'variableName.function';
      return 'variableName';
    }
    if (stream.match(/^(?:->|\+\+|==|!=|<=|>=|&&|\|\||<<|>>|\*\*|[-+*/%=<>!&|^~])/)) return 'operator';
    stream.next();
    return 'punctuation';
  },
  languageData: { commentTokens: { line: '//', block: { open: '/*', close: '*/' } } },
};

export const openqasm = StreamLanguage.define(parser);

/** Okabe-Ito derived colours with enough contrast on white (WCAG AA for normal text). */
export const openqasmHighlighting = syntaxHighlighting(
  HighlightStyle.define([
    { tag: tags.keyword, color: '#8a3d6b', fontWeight: 'bold' },
    { tag: tags.typeName, color: '#0060a0' },
    { tag: tags.function(tags.variableName), color: '#9a5300' },
    { tag: tags.number, color: '#00704f' },
    { tag: tags.atom, color: '#00704f' },
    { tag: tags.string, color: '#6b5a00' },
    { tag: tags.comment, color: '#5f6368', fontStyle: 'italic' },
    { tag: tags.meta, color: '#5f6368' },
  ]),
);
