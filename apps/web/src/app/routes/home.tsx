import { useDocumentTitle } from '../../lib/use-document-title';

export default function Route() {
  useDocumentTitle();
  return <section className="p-8">home</section>;
}
