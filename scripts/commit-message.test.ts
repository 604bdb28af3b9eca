import { describe, expect, it } from 'vitest';
import { commitMessageProblems } from './commit-message.mjs';

const why = '\n\nThe why, in the body.';

describe('commit messages', () => {
  it('accepts a short imperative subject with a body', () => {
    expect(commitMessageProblems(`Count a school's credited events from its index${why}`)).toEqual([]);
    expect(
      commitMessageProblems(`Seed the demo with one more foundation${why}\n# a comment git strips`),
    ).toEqual([]);
  });

  it('refuses a subject over 72 characters', () => {
    const subject = `Fix ${'x'.repeat(69)}`;
    expect(commitMessageProblems(`${subject}${why}`)).toEqual(['заголовок длиннее 72 символов (73)']);
    expect(commitMessageProblems(`${subject.slice(0, 72)}${why}`)).toEqual([]);
  });

  it('refuses a subject in the past tense or a gerund', () => {
    const problem = 'заголовок не в повелительном наклонении: «Fix …», а не «Fixed …» или «Fixing …»';
    expect(commitMessageProblems(`Fixed the toast${why}`)).toEqual([problem]);
    expect(commitMessageProblems(`Adding a test${why}`)).toEqual([problem]);
    expect(commitMessageProblems(`Embed the fonts${why}`)).toEqual([]);
  });

  it('asks for the why in a body after a blank line', () => {
    expect(commitMessageProblems('Fix the toast')).toEqual(['нет текста о том, зачем это изменение']);
    expect(commitMessageProblems('Fix the toast\nbecause')).toEqual([
      'между заголовком и текстом нет пустой строки',
    ]);
  });

  it('refuses an empty subject and a final full stop', () => {
    expect(commitMessageProblems('\n\nbody')).toEqual(['нет заголовка коммита']);
    expect(commitMessageProblems(`Fix the toast.${why}`)).toEqual([
      'заголовок кончается точкой или двоеточием',
    ]);
  });

  it('reads the verb after an area named first', () => {
    expect(commitMessageProblems(`docs: split the decisions${why}`)).toEqual([]);
    expect(commitMessageProblems(`docs: added a decision${why}`)).toHaveLength(1);
  });

  it('leaves the subjects git writes itself alone', () => {
    expect(commitMessageProblems("Merge branch 'i52-docs'")).toEqual([]);
  });
});
