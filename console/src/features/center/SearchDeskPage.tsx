import { SearchScreen } from './SearchPage.tsx';

/** Desk inquiry (/center/searchdesk). */
export default function SearchDeskPage() {
  return <SearchScreen type={1} />;
}
