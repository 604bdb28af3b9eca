// The rule for commit messages (README, "Commit messages"): a subject of at most 72 characters in the
// imperative, a blank line, then a body that says why. Run by the commit-msg hook in .githooks/ on the
// message being written, and by .ci/run on every commit since the rule began.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const subjectMaxLength = 72;

/** The last commit before the rule; older subjects are history and are not checked. */
export const lastCommitBeforeRule = 'a99914c';

// Words ending like a past tense or a gerund that are imperatives all the same.
const imperativesEndingLikeOtherForms = new Set(['embed', 'shred', 'bring', 'string', 'ping', 'ring']);

function firstWordIsNotImperative(subject) {
  // A subject may name its area first: «docs: split the decisions».
  const verb = subject.replace(/^[\w./-]+: /, '');
  const word = (verb.split(/\s+/)[0] ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (imperativesEndingLikeOtherForms.has(word)) return false;
  return (word.endsWith('ed') && !word.endsWith('eed')) || word.endsWith('ing');
}

/** What is wrong with a commit message, in Russian; empty when it follows the rule. */
export function commitMessageProblems(message) {
  const lines = message
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .map((line) => line.trimEnd());
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const subject = lines[0] ?? '';
  // Git writes these subjects itself; their why is in the commits they bring.
  if (/^(Merge|Revert) /.test(subject)) return [];
  const problems = [];
  if (subject.trim() === '') return ['нет заголовка коммита'];
  if ([...subject].length > subjectMaxLength) {
    problems.push(`заголовок длиннее ${subjectMaxLength} символов (${[...subject].length})`);
  }
  if (/[.:]$/.test(subject)) problems.push('заголовок кончается точкой или двоеточием');
  if (firstWordIsNotImperative(subject)) {
    problems.push('заголовок не в повелительном наклонении: «Fix …», а не «Fixed …» или «Fixing …»');
  }
  if (lines.length > 1 && lines[1] !== '') problems.push('между заголовком и текстом нет пустой строки');
  if (lines.slice(1).every((line) => line.trim() === ''))
    problems.push('нет текста о том, зачем это изменение');
  return problems;
}

function report(label, problems) {
  for (const problem of problems) console.error(`${label}: ${problem}`);
  return problems.length === 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [mode, argument] = process.argv.slice(2);
  let passed = true;
  if (mode === '--since') {
    const since = argument ?? lastCommitBeforeRule;
    try {
      execFileSync('git', ['cat-file', '-e', `${since}^{commit}`], { stdio: 'ignore' });
    } catch {
      // A shallow clone lacks the history to check; say so rather than pass in silence.
      console.log(`Коммита ${since} в этом клоне нет: проверка сообщений коммитов пропущена`);
      process.exit(0);
    }
    const hashes = execFileSync('git', ['rev-list', '--no-merges', `${since}..HEAD`], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    for (const hash of hashes) {
      const message = execFileSync('git', ['log', '-1', '--format=%B', hash], { encoding: 'utf8' });
      passed =
        report(`коммит ${hash.slice(0, 7)} «${message.split('\n')[0]}»`, commitMessageProblems(message)) &&
        passed;
    }
    if (passed) console.log(`Сообщения коммитов после ${since}: ${hashes.length}, все по правилу`);
  } else if (mode) {
    passed = report('Сообщение коммита', commitMessageProblems(readFileSync(mode, 'utf8')));
  } else {
    console.error('Использование: node scripts/commit-message.mjs <файл сообщения> | --since <коммит>');
    passed = false;
  }
  process.exit(passed ? 0 : 1);
}
