import {
  IconBuilding,
  IconCertificate,
  IconDeviceMobile,
  IconEraser,
  IconHistory,
  IconPackage,
  IconSignature,
  IconUsers,
} from '@tabler/icons-react';

// Icon and colour of each dashboard card (docs/product.md#feature-card).

export const cardIcons: Record<string, typeof IconUsers> = {
  'key-erase': IconEraser,
  'cap-maker': IconPackage,
  signer: IconSignature,
  'cap-crt': IconCertificate,
  user: IconUsers,
  company: IconBuilding,
  model: IconDeviceMobile,
  audit: IconHistory,
};

export const cardColors: Record<string, string> = {
  'key-erase': 'orange',
  'cap-maker': 'blue',
  signer: 'grape',
  'cap-crt': 'teal',
  user: 'indigo',
  company: 'cyan',
  model: 'lime',
  audit: 'pink',
};
