import { ResourceSearch } from '../components/ResourceSearch.tsx';

/** Desk inquiry (/center/searchdesk). */
export default function SearchDeskScreen() {
  return <ResourceSearch type={1} />;
}
