/** The title and one-line purpose at the top of a list page. */
export function ListPageHeading({ title, intro }: { title: string; intro: string }) {
  return (
    <div>
      <h1 class="text-2xl font-semibold tracking-tight text-fg">{title}</h1>
      <p class="mt-1 max-w-2xl text-sm text-fg-muted">{intro}</p>
    </div>
  );
}
