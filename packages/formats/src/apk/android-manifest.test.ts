import { describe, expect, it } from 'vitest';
import { FormatError } from '../format-error';
import { androidAttributeIds, readManifestInfo } from './android-manifest';
import { parseBinaryXml } from './binary-xml-reader';
import {
  androidNamespace,
  type BinaryXmlAttribute,
  type BinaryXmlDocument,
} from './binary-xml-types';
import { buildTestManifest, type TestManifestFields } from './test-support/test-manifest';

const complete = {
  package: 'com.example.wallet',
  versionCode: 1203,
  versionName: '12.0.3-beta',
  minSdkVersion: 23,
};

const infoOf = (fields: TestManifestFields) =>
  readManifestInfo(parseBinaryXml(buildTestManifest(fields)));

function manifestWith(attributes: BinaryXmlAttribute[]): BinaryXmlDocument {
  return {
    namespaces: [{ prefix: 'android', uri: androidNamespace }],
    root: { name: 'manifest', attributes, children: [] },
  };
}

describe('readManifestInfo', () => {
  it('reads package, versionCode, versionName and minSdkVersion (UTF-16 and UTF-8 pools)', () => {
    expect(infoOf(complete)).toEqual(complete);
    expect(infoOf({ ...complete, utf8: true })).toEqual(complete);
  });

  it('leaves minSdkVersion out when <uses-sdk> does not set it', () => {
    const { minSdkVersion: _, ...withoutSdk } = complete;
    expect(infoOf(withoutSdk)).toEqual(withoutSdk);
  });

  it('finds android attributes by resource id when their names were stripped', () => {
    const document = manifestWith([
      { name: 'package', value: { type: 'string', value: 'com.shrunk' } },
      {
        namespace: androidNamespace,
        name: '',
        resourceId: androidAttributeIds.versionCode,
        value: { type: 'int', value: 5 },
      },
      {
        namespace: androidNamespace,
        name: '',
        resourceId: androidAttributeIds.versionName,
        value: { type: 'string', value: '5.0' },
      },
    ]);
    expect(readManifestInfo(document)).toEqual({
      package: 'com.shrunk',
      versionCode: 5,
      versionName: '5.0',
    });
  });

  it('accepts a versionCode written as a decimal string', () => {
    const document = manifestWith([
      { name: 'package', value: { type: 'string', value: 'com.text' } },
      {
        namespace: androidNamespace,
        name: 'versionCode',
        resourceId: androidAttributeIds.versionCode,
        value: { type: 'string', value: '17' },
      },
      {
        namespace: androidNamespace,
        name: 'versionName',
        resourceId: androidAttributeIds.versionName,
        value: { type: 'string', value: '1.7' },
      },
    ]);
    expect(readManifestInfo(document).versionCode).toBe(17);
  });

  it.each([
    ['package', { ...complete, package: undefined }],
    ['versionCode', { ...complete, versionCode: undefined }],
    ['versionName', { ...complete, versionName: undefined }],
  ])('refuses a manifest without %s with the product message', (_, fields) => {
    const refuse = () => infoOf(fields);
    expect(refuse).toThrow(FormatError);
    expect(refuse).toThrow(
      expect.objectContaining({
        code: 'file.apk_info_missing',
        message: 'Information not found: version, package',
      }),
    );
  });

  it('treats a versionName that refers to a resource as missing (resources are not resolved)', () => {
    const document = manifestWith([
      { name: 'package', value: { type: 'string', value: 'com.ref' } },
      {
        namespace: androidNamespace,
        name: 'versionCode',
        resourceId: androidAttributeIds.versionCode,
        value: { type: 'int', value: 1 },
      },
      {
        namespace: androidNamespace,
        name: 'versionName',
        resourceId: androidAttributeIds.versionName,
        value: { type: 'reference', id: 0x7f0e0001 },
      },
    ]);
    expect(() => readManifestInfo(document)).toThrow(
      expect.objectContaining({ code: 'file.apk_info_missing' }),
    );
  });
});
