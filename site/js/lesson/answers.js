// Answers to multiple-choice questions (quizzes, quiz.js; predictions, predict.js), as lists of
// option indexes: whether one is right, and the one kept for a question.

/**
 * Whether `chosen` holds exactly the right options.
 * @param {number[]} correct  the right options' indexes
 * @param {number[]} chosen  the chosen options' indexes
 * @returns {boolean}
 */
export function isRightAnswer(correct, chosen) {
  return chosen.length === correct.length && chosen.every((index) => correct.includes(index));
}

/**
 * The chosen options of a kept answer, when it was given to this version of the question.
 * @param {{chosen?: unknown, hash?: string} | null} saved  what storage.js kept
 * @param {string} hash  the question's version (the lesson JSON's `hash`)
 * @returns {number[] | null}
 */
export function keptChoice(saved, hash) {
  return Array.isArray(saved?.chosen) && saved.hash === hash ? saved.chosen : null;
}
