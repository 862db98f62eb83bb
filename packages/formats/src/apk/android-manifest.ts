import { FormatError } from '../format-error';
import {
  androidNamespace,
  type BinaryXmlAttribute,
  type BinaryXmlDocument,
  type BinaryXmlElement,
} from './binary-xml-types';

export type ManifestInfo = {
  package: string;
  versionCode: number;
  versionName: string;
  minSdkVersion?: number;
};

/** Public resource ids of the android: attributes read here (android.R.attr). */
export const androidAttributeIds = {
  versionCode: 0x0101021b,
  versionName: 0x0101021c,
  minSdkVersion: 0x0101020c,
} as const;

const apkInfoMissingMessage = 'Information not found: version, package';

/** `package`, `versionCode` and `versionName` are required; `minSdkVersion` is optional. */
export function readManifestInfo(document: BinaryXmlDocument): ManifestInfo {
  const { root } = document;
  const packageName = root.name === 'manifest' ? plainAttribute(root, 'package') : undefined;
  const versionCode = integerValue(androidAttribute(root, 'versionCode'));
  const versionName = textValue(androidAttribute(root, 'versionName'));
  if (!packageName || versionCode === undefined || versionName === undefined) {
    throw new FormatError('file.apk_info_missing', apkInfoMissingMessage);
  }
  const usesSdk = root.children.find((child) => child.name === 'uses-sdk' && !child.namespace);
  const minSdkVersion = usesSdk && integerValue(androidAttribute(usesSdk, 'minSdkVersion'));
  const info: ManifestInfo = { package: packageName, versionCode, versionName };
  if (minSdkVersion !== undefined) info.minSdkVersion = minSdkVersion;
  return info;
}

function plainAttribute(element: BinaryXmlElement, name: string): string | undefined {
  const attribute = element.attributes.find((a) => a.name === name && a.namespace === undefined);
  return attribute?.value.type === 'string' ? attribute.value.value : undefined;
}

/** By resource id first: shrunk APKs may carry empty attribute names and rely on the id. */
function androidAttribute(
  element: BinaryXmlElement,
  name: keyof typeof androidAttributeIds,
): BinaryXmlAttribute | undefined {
  const id = androidAttributeIds[name];
  return (
    element.attributes.find((a) => a.resourceId === id) ??
    element.attributes.find(
      (a) => a.name === name && a.namespace === androidNamespace && a.resourceId === undefined,
    )
  );
}

function integerValue(attribute: BinaryXmlAttribute | undefined): number | undefined {
  const value = attribute?.value;
  if (value?.type === 'int') return value.value;
  if (value?.type === 'string' && /^\d{1,9}$/.test(value.value)) return Number(value.value);
  return undefined;
}

/** A literal string (or a number written as one); references to resources are not resolved. */
function textValue(attribute: BinaryXmlAttribute | undefined): string | undefined {
  const value = attribute?.value;
  if (value?.type === 'string') return value.value;
  if (value?.type === 'int') return String(value.value);
  return undefined;
}
