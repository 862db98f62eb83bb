import { AccordionChevron, NavLink, ScrollArea, Stack } from '@mantine/core';
import {
  IconBook2,
  IconBuilding,
  IconCertificate,
  IconDeviceMobile,
  IconEraser,
  IconHistory,
  IconLayoutDashboard,
  IconPackage,
  IconSignature,
  IconUserCog,
  IconUsers,
} from '@tabler/icons-react';
import { type MenuItem, menuItems } from '@tkc/contracts/access/navigation';
import type { CurrentUser } from '@tkc/contracts/api/auth';
import type { FeatureFlags } from '@tkc/contracts/api/system';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { subjectOf } from '@/lib/access';
import classes from './side-menu.module.css';

const icons: Partial<Record<string, typeof IconBook2>> = {
  dashboard: IconLayoutDashboard,
  guide: IconBook2,
  audit: IconHistory,
  user: IconUsers,
  company: IconBuilding,
  'key-erase': IconEraser,
  signer: IconSignature,
  'cap-maker': IconPackage,
  'cap-crt': IconCertificate,
  account: IconUserCog,
  model: IconDeviceMobile,
};

const isUnder = (pathname: string, path?: string) =>
  !!path && (pathname === path || pathname.startsWith(`${path}/`));

/**
 * The menu path the page belongs to: the longest one it lies under, so /admin/company/sn marks
 * Serial Number and not Overview (/admin/company) as well.
 */
export function activeMenuPath(pathname: string, paths: readonly (string | undefined)[]) {
  return paths
    .filter((p): p is string => isUnder(pathname, p))
    .sort((a, b) => b.length - a.length)[0];
}

const menuPaths = (items: readonly MenuItem[]): (string | undefined)[] =>
  items.flatMap((item) => [item.path, ...(item.children ? menuPaths(item.children) : [])]);

/** The side menu (docs/product.md#menu): the entries roles and feature flags allow, translated. */
export function SideMenu({
  user,
  flags,
  isDarkSkin,
  onNavigate,
}: {
  user: CurrentUser;
  flags: FeatureFlags;
  isDarkSkin: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = menuItems(subjectOf(user, flags), flags);
  const activePath = activeMenuPath(pathname, menuPaths(items));
  // Groups the user opened or closed; the others are open while a page inside them is shown.
  const [openGroups, setOpenGroups] = useState<Record<string, boolean>>({});

  const renderItem = (item: MenuItem, depth = 0) => {
    const Icon = icons[item.id];
    const label = t(`nav.${item.id}`);
    if (item.children) {
      // A group is a button that opens and closes its entries (a bare <a> would be skipped by Tab).
      // Its entries are rendered with the press that opens them, not by Mantine's animated
      // Collapse, which shows them a frame later: a Tab pressed right after Enter skipped them
      // (docs/web.md#keyboard).
      const holdsActivePage = item.children.some((c) => c.path === activePath);
      const isOpen = openGroups[item.id] ?? holdsActivePage;
      const entriesId = `menu-group-${item.id}`;
      return (
        <div key={item.id}>
          <NavLink
            component="button"
            type="button"
            label={label}
            leftSection={Icon ? <Icon size={20} stroke={1.5} /> : null}
            rightSection={<AccordionChevron className={classes.chevron} />}
            opened={isOpen}
            onClick={() =>
              setOpenGroups((prev) => ({ ...prev, [item.id]: !(prev[item.id] ?? holdsActivePage) }))
            }
            aria-expanded={isOpen}
            aria-controls={isOpen ? entriesId : undefined}
            className={classes.link}
            data-dark-skin={isDarkSkin || undefined}
          />
          {isOpen && (
            <div id={entriesId} className={classes.entries}>
              {item.children.map((child) => renderItem(child, depth + 1))}
            </div>
          )}
        </div>
      );
    }
    // Key Erase lands on a sub-route, so it is active anywhere under /key-erase.
    const isActive =
      (!!item.path && item.path === activePath) ||
      (item.id === 'key-erase' && pathname.startsWith('/key-erase'));
    return (
      <NavLink
        key={item.id}
        component={Link}
        to={item.path ?? '/'}
        label={label}
        leftSection={Icon && depth === 0 ? <Icon size={20} stroke={1.5} /> : null}
        active={isActive}
        onClick={onNavigate}
        className={classes.link}
        data-dark-skin={isDarkSkin || undefined}
        aria-current={isActive ? 'page' : undefined}
      />
    );
  };

  return (
    <ScrollArea className={classes.scroll} type="hover" scrollbarSize={6}>
      <Stack gap={2} p="sm">
        {items.map((item) => renderItem(item))}
      </Stack>
    </ScrollArea>
  );
}
