import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { foundations, images } from '../db/schema';
import { createFoundation } from '../test/factories';
import { testDatabaseForFile } from '../test/test-app';
import { imageAddress, imageAddressOf, imageIdOfAddress } from './address';

const database = testDatabaseForFile();

describe('the address of an image', () => {
  it('is /api/images/{id}, and an address of ours gives its id back', () => {
    expect(imageAddress(7)).toBe('/api/images/7');
    expect(imageIdOfAddress(imageAddress(7))).toBe(7);
    expect(imageIdOfAddress('https://example.ru/picture.png')).toBeUndefined();
    expect(imageIdOfAddress(null)).toBeUndefined();
  });

  it('is built the same way by the database, and is null where there is no picture', async () => {
    const foundation = await createFoundation(database.db);
    const read = async () =>
      (
        await database.db
          .select({ logo: imageAddressOf(foundations.logoImageId) })
          .from(foundations)
          .where(eq(foundations.id, foundation.id))
      )[0]?.logo;
    expect(await read()).toBeNull();
    const [image] = await database.db
      .insert(images)
      .values({ contentType: 'image/webp', data: Buffer.from([0]), byteSize: 1, width: 1, height: 1 })
      .returning({ id: images.id });
    if (!image) throw new Error('image not created');
    await database.db
      .update(foundations)
      .set({ logoImageId: image.id })
      .where(eq(foundations.id, foundation.id));
    expect(await read()).toBe(imageAddress(image.id));
  });
});
