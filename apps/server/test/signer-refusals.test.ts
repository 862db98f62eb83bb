import crypto from 'node:crypto';
import fs from 'node:fs';
import { buildTestApk, type TestApkOptions } from '@tkc/formats/apk/test-support/build-test-apk';
import { appFields } from '@tkc/formats/cap/cap-test-support';
import { buildCapBytes } from '@tkc/formats/cap/cap-writer';
import { generateUldKeySet, type UldKeySet } from '@tkc/formats/keys/rsa-keys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotTables } from './support/db-snapshot';
import {
  requestSignature,
  type SignerWorld,
  sha256Of,
  startSignerApp,
  tempFolder,
  uploadFile,
} from './support/signer-fixture';
import { api, type TestContext } from './support/test-app';

// Every refusal of a request's file (docs/signer.md#file-checks): answered with its code and
// the product's (or the formats library's) message, at the form's file field, and leaving no
// request, no upload and no chunk behind.

const LIMIT = 4 * 1024 * 1024;
let ctx: TestContext;
let w: SignerWorld;
let base: string;
let keys: UldKeySet;
const temp = tempFolder();
let count = 0;

beforeAll(async () => {
  ({ ctx, w, base } = await startSignerApp({ UPLOAD_MAX_BYTES: String(LIMIT) }));
  keys = await generateUldKeySet('ACME user keys');
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  temp.remove();
});

const app = { package: 'com.acme.refused', versionCode: 3, versionName: '3.0', minSdkVersion: 24 };

async function apk(options: TestApkOptions = {}): Promise<Buffer> {
  const file = temp.file(`refused-${count++}.apk`);
  await buildTestApk({ ...app, ...options }, file);
  return fs.readFileSync(file);
}

/** The database's row counts and newest audit event: equal before and after means nothing stayed. */
const snapshot = () => snapshotTables(ctx.database.db, { ignore: ['sessions'] });

/** Uploads `data` as `name`, asks for a signature, expects the refusal; nothing may remain. */
async function expectRefused(
  data: Buffer,
  name: string,
  refusal: { status?: number; code: string; msg: unknown; params?: Record<string, unknown> },
  body: { sha256?: string; comment?: string } = {},
) {
  const before = await snapshot();
  const { response } = await requestSignature(ctx, base, w.requester, data, name, body);
  expect(response.statusCode, response.body).toBe(refusal.status ?? 400);
  const answer = response.json();
  // Every field the refusal names, in one assertion: status, code, msg and any params.
  const { status = 400, ...named } = refusal;
  expect(answer).toMatchObject({ status, ...named });
  expect(await snapshot()).toEqual(before);
  return answer;
}

describe('files that are not what a request needs', () => {
  it('a renamed non-APK: the product message', async () => {
    const png = Buffer.concat([
      Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
      crypto.randomBytes(5000),
    ]);
    await expectRefused(png, 'picture.apk', {
      code: 'file.not_apk',
      msg: 'Not a APK file. Please select a file with the correct format again',
    });
  });

  it('a ZIP that is no APK (no AndroidManifest.xml), under an .apk name', async () => {
    const file = temp.file('plain.zip');
    const { writeFixtureZip } = await import('@tkc/formats/apk/test-support/fixture-zip-writer');
    await writeFixtureZip(file, [{ name: 'readme.txt', content: Buffer.from('hello') }]);
    await expectRefused(fs.readFileSync(file), 'plain.apk', {
      code: 'file.not_apk',
      msg: 'Not a APK file. Please select a file with the correct format again',
    });
  });

  it('a file that is neither APK nor CAP, named neither', async () => {
    await expectRefused(Buffer.from('just some notes\n'), 'notes.txt', {
      code: 'signer.format_not_recognized',
      msg: 'File format is not recognized.',
    });
  });

  it('an APK without version or package: the product message', async () => {
    await expectRefused(await apk({ versionName: undefined }), 'noversion.apk', {
      code: 'file.apk_info_missing',
      msg: 'Information not found: version, package',
    });
  });

  it('a ZIP bomb (an entry that inflates 1000 times)', async () => {
    const bomb = await apk({
      extraEntries: [
        { name: 'assets/zeros.bin', content: { size: 32 * 1024 * 1024, zeros: true } },
      ],
    });
    expect(bomb.length).toBeLessThan(LIMIT);
    const answer = await expectRefused(bomb, 'bomb.apk', {
      code: 'zip.compression_ratio_too_high',
      msg: expect.stringMatching(/^Entry "assets\/zeros.bin" would inflate to \d+ times/),
    });
    expect(answer.params).toMatchObject({ name: 'assets/zeros.bin', limit: 200 });
  });

  it('an APK with a broken central directory: the detail travels as a param', async () => {
    const bytes = await apk();
    const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    bytes.fill(0x00, bytes.readUInt32LE(end + 16) + 46 + 'AndroidManifest.xml'.length, end);
    const answer = await expectRefused(bytes, 'broken.apk', {
      code: 'zip.central_directory_broken',
      msg: expect.stringMatching(/^The ZIP structure is broken: .+\.$/),
    });
    expect(answer.msg).toBe(`The ZIP structure is broken: ${answer.params.detail}.`);
  });

  it('an APK with two entries of the same name', async () => {
    const duplicate = await apk({
      extraEntries: [{ name: 'classes.dex', content: Buffer.from('second dex') }],
    });
    await expectRefused(duplicate, 'duplicate.apk', {
      code: 'zip.duplicate_entry',
      msg: 'The ZIP holds two entries named "classes.dex".',
      params: { name: 'classes.dex' },
    });
  });

  it('an APK whose file name is longer than 128 characters', async () => {
    const name = `${'a'.repeat(125)}.apk`;
    await expectRefused(await apk(), name, {
      code: 'signer.file_name_length',
      msg: 'The APK file name must have 1 to 128 characters (it has 129).',
    });
  });

  it('an empty file', async () => {
    await expectRefused(Buffer.alloc(0), 'empty.apk', {
      code: 'signer.invalid_file',
      msg: 'Invalid File. Please select the correct file.',
    });
  });

  it('a digest that does not match what the browser computed', async () => {
    const data = await apk();
    const wrong = sha256Of(Buffer.from('something else'));
    await expectRefused(
      data,
      'mismatch.apk',
      {
        code: 'signer.digest_mismatch',
        msg: `The file changed on its way: the server computed SHA-256 ${sha256Of(data)}, your browser ${wrong}. Please upload it again.`,
      },
      { sha256: wrong },
    );
  });
});

describe('CAP files', () => {
  const cap = (version: 3 | 4 = 4) =>
    buildCapBytes({
      version,
      fields: appFields(version),
      appNameLimit: 'newer',
      files: [{ name: 'app.bin', source: crypto.randomBytes(2000) }],
      kekPublicKey: keys.kek.publicKey,
      signingKey: keys.signing.privateKey,
    }).then((bytes) => Buffer.from(bytes));

  it('a non-CAP named .cap: the product message', async () => {
    await expectRefused(Buffer.from('MZ executable, not a CAP'), 'firmware.cap', {
      code: 'cap.not_cap',
      msg: "It's not CAP file, please select the valid CAP file.",
    });
  });

  it('a CAP of a version it does not know: CAP{n} is not supported.', async () => {
    const bytes = await cap();
    bytes[4] = 5;
    await expectRefused(bytes, 'five.cap', {
      code: 'cap.version_unsupported',
      msg: 'CAP5 is not supported.',
    });
  });

  it('a CAP without its signature block', async () => {
    const bytes = await cap();
    const { capHeaderSize, readCapHeader } = await import('@tkc/formats/cap/cap-header');
    const header = readCapHeader(bytes.subarray(0, capHeaderSize(bytes)));
    await expectRefused(bytes.subarray(0, header.layout.signBlockOffset), 'unsigned.cap', {
      code: 'cap.sign_block_missing',
      msg: 'Sign block not found.',
    });
  });

  it('a good CAP is requested with its header facts', async () => {
    const bytes = await cap(3);
    const { response } = await requestSignature(ctx, base, w.requester, bytes, 'app.cap');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      file_type: 'cap',
      package: 'Payment app',
      version: '1.02',
      cap: { version: 3, kind: 'application', file_count: 1 },
    });
  });
});

describe('uploads a request cannot name', () => {
  const post = (token: string, body: Record<string, unknown>) =>
    api(ctx, 'POST', '/signer/requests', body, { token });
  const body = { sha256: '0'.repeat(64), comment: 'Release' };

  it('no upload at all: No source has been selected.', async () => {
    const before = await snapshot();
    const response = await post(w.requester.token, { ...body, upload_id: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'signer.no_source',
      msg: 'No source has been selected.',
    });
    expect(await snapshot()).toEqual(before);
  });

  it("another user's upload is an invalid file, and stays theirs", async () => {
    const data = await apk();
    const id = await uploadFile(base, w.colleague.token, data, 'theirs.apk');
    const response = await post(w.requester.token, {
      ...body,
      sha256: sha256Of(data),
      upload_id: id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('signer.invalid_file');
    expect(await ctx.app.blobs.info(id)).toMatchObject({ status: 'complete' });
  });

  it('an upload cut off and never resumed: refused, and its chunks go', async () => {
    const before = await snapshot();
    const data = crypto.randomBytes(3 * 1024 * 1024);
    const created = await fetch(`${base}/api/v1/uploads`, {
      method: 'POST',
      headers: {
        authid: w.requester.token,
        'tus-resumable': '1.0.0',
        'upload-length': String(data.length),
        'upload-metadata': `kind ${Buffer.from('signer-input').toString('base64')},filename ${Buffer.from('cut.apk').toString('base64')}`,
      },
    });
    const url = created.headers.get('location')!;
    const half = await fetch(url, {
      method: 'PATCH',
      headers: {
        authid: w.requester.token,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: data.subarray(0, 1024 * 1024 + 5),
    });
    expect(half.status).toBe(204);
    const id = url.split('/').pop()!;
    expect((await ctx.app.blobs.info(id))?.storedBytes).toBe(1024 * 1024 + 5);
    const response = await post(w.requester.token, {
      ...body,
      sha256: sha256Of(data),
      upload_id: id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'signer.invalid_file',
      msg: 'Invalid File. Please select the correct file.',
    });
    expect(await snapshot()).toEqual(before);
  });

  it('a file over the limit is refused while it is uploaded, and nothing is kept', async () => {
    const before = await snapshot();
    const error = await uploadFile(
      base,
      w.requester.token,
      crypto.randomBytes(LIMIT + 1),
      'big.apk',
    ).then(
      () => null,
      (e: Error) => e,
    );
    expect(String(error)).toContain('413');
    expect(await snapshot()).toEqual(before);
  });

  it('a comment of 0 or 256 characters is refused at its field', async () => {
    for (const comment of ['', 'x'.repeat(256)]) {
      const response = await post(w.requester.token, {
        ...body,
        upload_id: crypto.randomUUID(),
        comment,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'request.invalid',
        params: { field: 'comment' },
      });
    }
  });
});
