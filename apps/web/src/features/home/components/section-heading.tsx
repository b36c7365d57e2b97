interface Props {
  id: string;
  title: string;
  intro?: string;
}

/** The centred heading and intro line of a home section (labels the section via `id`). */
export function SectionHeading({ id, title, intro }: Props) {
  return (
    <div className="mx-auto mb-8 max-w-2xl text-center">
      <h2 id={id} className="text-2xl font-bold sm:text-3xl">
        {title}
      </h2>
      {intro && <p className="mt-2 text-base-content/75">{intro}</p>}
    </div>
  );
}
