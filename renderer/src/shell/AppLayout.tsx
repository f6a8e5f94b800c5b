import { AppShell, Burger, Divider, Group, Loader, NavLink, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { NavLink as RouterNavLink, Outlet, useLocation } from 'react-router';
import { aboutSection, mainSections, type NavItem } from './navigation';
import { StoreWarning } from './StoreWarning';
import { UpdateNotice } from './UpdateNotice';

function SectionLink({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const Icon = item.icon;
  return (
    <NavLink
      component={RouterNavLink}
      to={item.path}
      label={item.label}
      leftSection={<Icon size={26} stroke={1.6} />}
      active={pathname.startsWith(item.path)}
      onClick={onNavigate}
      fz="lg"
      styles={{ label: { fontSize: 'var(--mantine-font-size-lg)' } }}
    />
  );
}

/** The frame around every screen: title bar and the section navigation (a drawer on narrow screens). */
export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure();
  return (
    // Below 1024 px (a tablet, either way up) the sections fold into a menu under the header's
    // burger, so the screen's own content gets the whole width.
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 240, breakpoint: '64em', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header>
        <Group h="100%" px="lg" wrap="nowrap">
          <Burger
            opened={opened}
            onClick={toggle}
            className="cc-burger"
            size="md"
            aria-label={opened ? 'Hide sections' : 'Show sections'}
            aria-expanded={opened}
          />
          <Title order={2} size="h3">
            Combat Companion
          </Title>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Sections">
        <AppShell.Section grow>
          {mainSections.map((item) => (
            <SectionLink key={item.path} item={item} onNavigate={close} />
          ))}
        </AppShell.Section>
        <Divider my="sm" />
        <SectionLink item={aboutSection} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <UpdateNotice />
        <StoreWarning />
        {/* A screen loaded on first use (a setup screen) shows this while its code arrives. */}
        <Suspense fallback={<Loader aria-label="Opening this screen" />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
