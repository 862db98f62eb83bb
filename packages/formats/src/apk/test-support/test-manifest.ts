import { androidAttributeIds } from '../android-manifest';
import {
  androidNamespace,
  type BinaryXmlAttribute,
  type BinaryXmlDocument,
} from '../binary-xml-types';
import { writeBinaryXml } from './binary-xml-writer';

export type TestManifestFields = {
  /** Omitted from the manifest when undefined. */
  package?: string;
  versionCode?: number;
  versionName?: string;
  minSdkVersion?: number;
  /** 34 unless given; apksigner demands a v2+ signature from targetSdkVersion 30 on. */
  targetSdkVersion?: number;
  /** Writes the UTF-8 string pool (aapt2) instead of UTF-16 (aapt). */
  utf8?: boolean;
};

/** Public ids of android:targetSdkVersion and android:label (android.R.attr). */
const targetSdkVersionId = 0x01010270;
const labelId = 0x01010001;

function android(name: string, resourceId: number, value: BinaryXmlAttribute['value']) {
  return { namespace: androidNamespace, name, resourceId, value };
}

/** A binary AndroidManifest.xml: <manifest> with <uses-sdk> and an <application> with a label. */
export function buildTestManifest(fields: TestManifestFields): Buffer {
  const attributes: BinaryXmlAttribute[] = [];
  if (fields.versionCode !== undefined) {
    attributes.push(
      android('versionCode', androidAttributeIds.versionCode, {
        type: 'int',
        value: fields.versionCode,
      }),
    );
  }
  if (fields.versionName !== undefined) {
    attributes.push(
      android('versionName', androidAttributeIds.versionName, {
        type: 'string',
        value: fields.versionName,
      }),
    );
  }
  if (fields.package !== undefined) {
    attributes.push({ name: 'package', value: { type: 'string', value: fields.package } });
  }
  const usesSdk: BinaryXmlAttribute[] = [];
  if (fields.minSdkVersion !== undefined) {
    usesSdk.push(
      android('minSdkVersion', androidAttributeIds.minSdkVersion, {
        type: 'int',
        value: fields.minSdkVersion,
      }),
    );
  }
  usesSdk.push(
    android('targetSdkVersion', targetSdkVersionId, {
      type: 'int',
      value: fields.targetSdkVersion ?? 34,
    }),
  );
  const document: BinaryXmlDocument = {
    namespaces: [{ prefix: 'android', uri: androidNamespace }],
    root: {
      name: 'manifest',
      attributes,
      children: [
        { name: 'uses-sdk', attributes: usesSdk, children: [] },
        {
          name: 'application',
          attributes: [android('label', labelId, { type: 'string', value: 'Test app' })],
          children: [],
        },
      ],
    },
  };
  return writeBinaryXml(document, { utf8: fields.utf8 ?? false });
}
