// BENCH FIXTURE: the page's header, as the shell shows it (the shell stylesheet's classes alone):
// every reference page renders it itself, apart from the area's content (./page) and its styles.

export function PlainHeader() {
  return (
    <header className="app-header">
      <a href="/" className="product">
        Acme Web
      </a>
    </header>
  );
}
