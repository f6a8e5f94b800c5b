import { createTheme } from '@mantine/core';

// Read at arm's length across a club table: larger type, generous targets, strong contrast.
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontSizes: { xs: '0.875rem', sm: '1rem', md: '1.125rem', lg: '1.25rem', xl: '1.5rem' },
  components: {
    Button: { defaultProps: { size: 'lg' } },
    NavLink: { defaultProps: { h: 56 } },
  },
});
