import { randomBytes } from 'node:crypto';
import { proofCodeAlphabet, proofCodeLength } from '../../shared/proof-codes';

/**
 * A new random code: 16 characters of 5 bits each from the system's CSPRNG, 80 bits in all. A byte is
 * mapped by its low five bits, so every character is equally likely.
 */
export function newProofCode(): string {
  const bytes = randomBytes(proofCodeLength);
  let code = '';
  for (const byte of bytes) code += proofCodeAlphabet[byte & 31];
  return code;
}
