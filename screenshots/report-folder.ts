import { existsSync, readdirSync } from 'node:fs';
import { outputDir } from './output';

/** Says where the pictures are, and how many, once the journey is over. */
export default function reportFolder() {
  const pictures = existsSync(outputDir)
    ? readdirSync(outputDir, { recursive: true }).filter((name) => String(name).endsWith('.png'))
    : [];
  console.log(`\nСнимки экранов (${pictures.length}): ${outputDir}`);
}
