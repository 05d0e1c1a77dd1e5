"""The Wikipedia Rewrite corpus (Clough & Stevenson 2011): 95 short answers, each written
for one of five tasks (a-e) from the task's Wikipedia source text at one rewrite level —
``cut`` (near copy), ``light`` or ``heavy`` revision, or ``non`` (written independently).

Each answer is paired with its task's source (``orig_task<x>.txt``); the gold score is the
rewrite level on an ordinal 0-3 scale (non 0, heavy 1, light 2, cut 3: the more of the
source kept, the higher — our coding; the corpus has categories, not scores), and the
category is the label. Reimers, Beyer & Gurevych (2016) use the corpus as an extrinsic task:
classify each answer's level from its similarity to the source. Answers are UTF-8 or
Windows-1252; both are read, whitespace is collapsed to single spaces.
"""

from __future__ import annotations

from pathlib import Path

from ...errors import DataError
from ...io import read_text

__all__ = ["FILE_INFO_SHA256", "LEVELS", "TEXT_SHA256", "read_rewrite"]

#: The ordinal gold score of each rewrite category.
LEVELS = {"non": 0.0, "heavy": 1.0, "light": 2.0, "cut": 3.0}

FILE_INFO_SHA256 = "fe572b28393dc103b9736ceb3cef439853f40d7543718197a7114b05d9e5e1de"

#: SHA-256 of each text file of the corpus.
TEXT_SHA256 = {
    "g0pA_taska.txt": "9290292e4f98551189e5cea3cd39ccbf44d2c474841d88cd9c0e2d0b0e0d69ac",
    "g0pA_taskb.txt": "2919d6e32838131e3b829c62051bb3513660126f8b4d2abc8c890dfef76e31c9",
    "g0pA_taskc.txt": "3d51eb2499c1b7078fb2aa54a4328caca9c6d705b5682e312307ebce0589a612",
    "g0pA_taskd.txt": "62ee9aab54c15dd7b6c2c83d41ded834a0f798ed56bcc26a59f8c2776fb59c0a",
    "g0pA_taske.txt": "3315c31d7d64e2d5939ce61b6c517d03701e72e098faada3c882dac6b13e0352",
    "g0pB_taska.txt": "c44776f3fb78c1ff77eb63a146b2192c2d395162c290825d5cbe145b3ec58a13",
    "g0pB_taskb.txt": "94bb2b9b94ffeded609cacba468f6a4a47f803ed955a9625ecbf287c38fe8068",
    "g0pB_taskc.txt": "08c7557e00300b5606956c6277bc4ce72c05dfeb99bc2917be164a0126147a85",
    "g0pB_taskd.txt": "36c4c2bc9b59b5bfdb5c092180ca617a1a706d78acd7056a578a9d308ba68b7a",
    "g0pB_taske.txt": "0fa7946b1d55e16be567c73a86e91516df1dcc68f6db79c0c576bcc640b8f9fb",
    "g0pC_taska.txt": "a01f2f4c6fef19e6a9ce788b12ee9e7fb04e89ee6fbc047440ab79defb2083ee",
    "g0pC_taskb.txt": "44eba706272df0f830d56018e241d4bcb450ba862d9eb99e1a9aafb2be6641e0",
    "g0pC_taskc.txt": "450c06ae8b84e33ab4735cfeeb0ade5e5705c9edc5e8a6aca4be6049f1b8203d",
    "g0pC_taskd.txt": "a77c0e51eb6fe81d2258b81216609f29cbafe9480a89474ff8475817775da031",
    "g0pC_taske.txt": "be5a6ae5210648f232b445770a0ef98714bf29b638b3ff3cfa38b127d6f0fd30",
    "g0pD_taska.txt": "4501d5411b397831ab4bd9ab21187371dc7118f1d18cdf30c8b1d2c145bfb7ca",
    "g0pD_taskb.txt": "d4ea61ce6203aeb9b6fc6a102bfe3b5c527bc40636ab12deaf369f4c49416f63",
    "g0pD_taskc.txt": "f23bd76c834f95c2cf71bebc3c89ecc4ebb6903a73e3d656d61fcad1d30133d3",
    "g0pD_taskd.txt": "d8d853fe945bcab8f5b1aee7d344163567336d8b011310857e10a10bd3a4b142",
    "g0pD_taske.txt": "0a145e2cec538f95f650c427f88fec134b196aae766f12caa18a834459aefa67",
    "g0pE_taska.txt": "3b6950cbd186623b9c6aeecf44d3a241bcaf9232da707d1e72e56d0e30f965e7",
    "g0pE_taskb.txt": "c21993066a62e8cad669dd2db7bdb28f701251e688dcaddedb4f0ff6cd003d3e",
    "g0pE_taskc.txt": "1f33ba88fe752dcf977821b4076a6c781b81da10845ddb6989058d649cb06645",
    "g0pE_taskd.txt": "634083711b77cca57be9cd1935128e699ea1439aa09610f94f6a5e3aa432695b",
    "g0pE_taske.txt": "dca25593984629cd923d3f7803de90495af8696960fe34e3b54eacfc5b73c0b4",
    "g1pA_taska.txt": "08fa3a0ab14b0933fb31893c92854b7a5a1dee538ab6946f38f90a2e8cfd345f",
    "g1pA_taskb.txt": "e83fb114285e5087bc372c975d5eff6d5c0a68a38aaa780d074f2e2e73f5eccf",
    "g1pA_taskc.txt": "1bdb7457cf17c8c4cf0272d92d49cb2d045090139f79db49404b6faf4dc27710",
    "g1pA_taskd.txt": "51ee5e18b3338ddfc7df87dfc42b1379915c82076b39197337a2ff31e614c242",
    "g1pA_taske.txt": "1ef9efbdd770b868fb0075e0b92d816a61b15e3563c04a3a8f27acefe27d8958",
    "g1pB_taska.txt": "a1f5c554f6a0ca1d5ef85d60252bb6eacc9b792e55b2beb4143b4e1b4987be95",
    "g1pB_taskb.txt": "d4f3785f462d86adfd3604955765ca3e512d2732636220d0874a36f2d9ee5a7f",
    "g1pB_taskc.txt": "25cf3d1b8ce5da6d63361e5adf549c44e023db443a7655d785434cf0a4e9bbb3",
    "g1pB_taskd.txt": "b892cf6f453a241ff1c5de8d57bca91f530fbc806feca0194c04cb590b2a3234",
    "g1pB_taske.txt": "84f90b2da4fcf7e15f3c90d56ffc8f3bf1cb69cef00fa428fda98d4a820bb4f8",
    "g1pD_taska.txt": "1e4720fc81997839731bca30744191a507a4c8213f83809157c11e3e830233c1",
    "g1pD_taskb.txt": "a090354202a818100f1d309330e0661859df056c6467c6c1d5e52a8394d0e92c",
    "g1pD_taskc.txt": "db9fe430409602b6d792a9a65fbcbb918588146d727b23707d1018e37ea97709",
    "g1pD_taskd.txt": "1263305cef1d8091dc1f7b7a767c041be1877677d681bdd95d9605a7377e9624",
    "g1pD_taske.txt": "b8a5556c609ad33974414abd93e3b874dbd63714241ffc9e8b83f3df27d4ab25",
    "g2pA_taska.txt": "6c4089eaeaad0befef9149bcb2dbc7d88aad53634ed41e10feb4b1ed66fa225b",
    "g2pA_taskb.txt": "fcc4d8f094c0535871cc188623618f5b307b478536c5d2a9cf6645ec0c0eb343",
    "g2pA_taskc.txt": "ae4259f2121782d74ca4fb8d14b39730c9ddb8534e3b7e14585c6eddd25d2858",
    "g2pA_taskd.txt": "bea7dfd5803171736fecc215747261b8a8c6321e140c65c0cb8fe1c21a22bbc2",
    "g2pA_taske.txt": "b3313cd2ad9c76d01735775464b7cdc4060779ca15e3db7cb0d39a0ea8f988d7",
    "g2pB_taska.txt": "7956f0836961330c1b643dbaba14ad0c68a092188b88bbdef3621eadcb285a1f",
    "g2pB_taskb.txt": "79fb05a294138b337d8e02ef94222850025e25506df08f45fe139d5296b6767c",
    "g2pB_taskc.txt": "1998d5899aa8b2e5c1083a2dce21ff544cb88cf31ac17f3a8fabcda9435eb91b",
    "g2pB_taskd.txt": "b951f8922809b3a522e372e688be1a583701ab75c5a21c7e5105e2f869638cc3",
    "g2pB_taske.txt": "b7a7838f0ee3b1bc757a2f3f5dba6fedf521bb94c7bdfc5df6f5833ba3f1713c",
    "g2pC_taska.txt": "4d6134786f283dd63180a69a80ac29cd18eb7682bdc93b163bcc819e026096f5",
    "g2pC_taskb.txt": "c67de5f4d1f397eb8613651618ca813e736b8e400e6df2a32aef41e3444ec010",
    "g2pC_taskc.txt": "3d771f613f2baade571a006039313e176a0fee9d3db209347d26273ca6099fe6",
    "g2pC_taskd.txt": "4fe4dac3f478d1b0e1b6b6aba51c62932a1b3219724ab8e06855537e05c9e989",
    "g2pC_taske.txt": "565ad65cd62c0cd5d6a3758645c82cbf51f67db918dd60a305d647b330cd10b3",
    "g2pE_taska.txt": "caf9fce056883a1dcfefdbf7d0ebb95df335770d43a8aaf4512dfa3462c0054e",
    "g2pE_taskb.txt": "e021c0157d0a33c510c4d8aa66b201bf4c3a3ab6e58cfde6dd60d50a8b14e5a1",
    "g2pE_taskc.txt": "8a2220b39d5599bdd7cfc275ef2b32c0c50702f083e3a8d8d8cc8b24f6e1cb4b",
    "g2pE_taskd.txt": "af005b1cbc44e2e46996007007650c24f1ca58ce0d1da5dd7f8221bd7ae819bb",
    "g2pE_taske.txt": "4ed621203d9d1991b3fa2fced136e7a97fa086e57d369d14887db68f9ddde5ae",
    "g3pA_taska.txt": "41f2489eaeaaa7654e9758e486ddabdb0230e0f4cb749e1c223a6f5bdd1d10ec",
    "g3pA_taskb.txt": "791ceb4927bb85e9599788f3d6cab5be64ab28a0fb02bf2483e04010a0b9d127",
    "g3pA_taskc.txt": "e938e3c86144e006483df5600f6e4941691ead7dbc526dd23575aa19aae2ce8e",
    "g3pA_taskd.txt": "c144dced30099b89574c6d4b644e16b59fd75b81b7760083184e7d5cae811a79",
    "g3pA_taske.txt": "43b805012709fe6b91be749820fd685dc70f659e387c384b5181cc980a599a86",
    "g3pB_taska.txt": "1ec71e4bef6659f45632bbc9375984758b380ed72f2b73996937da508fedbf95",
    "g3pB_taskb.txt": "5d6eb3387702871287bf7f131ee777ff9eec2610e8856bf7fbc2167639a6a75b",
    "g3pB_taskc.txt": "cff12852f38ad701f95160775d5024a78f6b9ebe1bdaaa166aa3cb3ca09daec0",
    "g3pB_taskd.txt": "8e1a05d4bb7af5be21e52332ae198e8c967c7c0537f53533c49c4f0b0702aafb",
    "g3pB_taske.txt": "1785c89ee3ab5a9a482adc2b0e7bf8e68af19fba27ac6a81b37a2c476739e4da",
    "g3pC_taska.txt": "825be8ee11448cfcdb186e3349027bed077d0dedc02251566c8ba585a1410afb",
    "g3pC_taskb.txt": "0d9dad69e09f385f0844892720bc27cf6aa930144adb37331d4eba1a787e20ee",
    "g3pC_taskc.txt": "2ebeb6ff064ba82ffa1bc593463b85846c60827eed70827331766c0100568c88",
    "g3pC_taskd.txt": "a9ab829d2b27874433fed926bb2e82c525b45184072cc253b23af108c25a00fc",
    "g3pC_taske.txt": "feeee14b0e01d6b4e700f3aa35d6a97f9bfa7bd3dbcee49b2ab1084ca661ad49",
    "g4pB_taska.txt": "7ede05acc1410ceb0966800e29289256a604ff535a995c4924b046d54171ab38",
    "g4pB_taskb.txt": "61aead75d259f2fac4a865c8c51f6fe58694eaaa9024873358ffe26224ba31f3",
    "g4pB_taskc.txt": "81c877390779e620417e96a4727812b8979a8b6c1022b72e83e831e476153325",
    "g4pB_taskd.txt": "10bbf3234f99774cb77a9e6b9bdcf01f0f2cbfb2f3e15c01e88773740147c113",
    "g4pB_taske.txt": "20571b49a8a0a32225887e4f39ad5e13b8d68dd18b4e2b694890c3cee1b4ae95",
    "g4pC_taska.txt": "e8689b51d3cb628e28fdfe21f1deda5463da7ce8aeb266b76301e0d4f5cb9540",
    "g4pC_taskb.txt": "c751965f90c9eb4664037657146cbbd48bb61390408338c3c0b3a9139c2e3767",
    "g4pC_taskc.txt": "da127a707cad2e5a1b3e6a6ccb2ab84edfd1e320e1fc8e304e01eca98fddc9ac",
    "g4pC_taskd.txt": "19575c4519e7dca70612463acc0249b4234b1a8769c45b82000797428e2bdc8d",
    "g4pC_taske.txt": "66c3756d56da80991faa19f2e7942a8b1d889df0a26ab59e86fe66ea2aa0788a",
    "g4pD_taska.txt": "eb521068e13dd219b1c4a077441892d00c1df3fb72e4f94f84baf8b44d319d1c",
    "g4pD_taskb.txt": "943ae4bc51a50414c4eb512aa19f4336ab887b488bf6fbd64cbdf515bbf33998",
    "g4pD_taskc.txt": "577d9426a96edbae273720258d386b9c48d9f01b9c2626cb1f78a79da4c5a959",
    "g4pD_taskd.txt": "57afe882c62f636af643830bf36e2b4e547ad55f417a35dad240c8da92bd2706",
    "g4pD_taske.txt": "5ecd71ed2fc392b0e545d55ac12f5b144e338bf44ccfe0891c24c13a2f4086d2",
    "g4pE_taska.txt": "ab742cdba880137a31fa2d85b6f0e2bdef9e02e43b1bf95913859d02a6596694",
    "g4pE_taskb.txt": "d324e6321c08ad5971a04f6d095997cd4b3ea79df27d7082a7fa36c49fd9ce6c",
    "g4pE_taskc.txt": "de583696cb59a5d89fc5f61080e6d20601a88ff169d58928ac3e311270a8d6ae",
    "g4pE_taskd.txt": "61e8a771acca2d0d6580129311db3bb5b1a44fd650361cef867d7c81d39a2c55",
    "g4pE_taske.txt": "28952d6a644b6df0651e9988828ee46fa48e1e1753ab6cb70815592c3c735804",
    "orig_taska.txt": "508f7e7af9d9b793852f9d2bfb30137075d966e11fee29566bd947e96515307f",
    "orig_taskb.txt": "d7485e06440235c51d5c25567c61d2beb04c279861370eb857b450aa8a0d4bf5",
    "orig_taskc.txt": "d10e6fe72a0614927b50886eacf25ec74237dba6d874751b8a199240eec5c0be",
    "orig_taskd.txt": "29fed917167a661b317478d8679fef99a79bafc0cc7d16f7b824cf0966724b35",
    "orig_taske.txt": "9c1d623a2f8bb2c5cdab9213cb8d0612d5bc8a8624f66c26ebe66885abcc28c3",
}


def _text(path: Path) -> str:
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("cp1252", errors="replace")  # 0x81 etc. have no cp1252 character
    return " ".join(text.split())


def read_rewrite(
    info: Path, texts: list[Path]
) -> tuple[list[str], list[str], list[float], list[str], list[str]]:
    """``file_information.csv`` (``File,Task,Category``) and the text files: one pair per
    answer, (answer, source); the ids are the answers' file names.

    Parameters
    ----------
    info : pathlib.Path
        ``file_information.csv``.
    texts : list of pathlib.Path
        The answers' and the sources' (``orig_task<x>.txt``) text files.

    Returns
    -------
    tuple of list
        ``(answers, sources, gold, ids, categories)``; gold is the level of :data:`LEVELS`.

    References
    ----------
    Clough, P. & Stevenson, M. (2011). Developing a corpus of plagiarised short answers.
    *Language Resources and Evaluation* 45(1), 5–24.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (d / "info.csv").write_text("File,Task,Category\\ng0pA_taska.txt,a,heavy\\n")
    >>> _ = (d / "g0pA_taska.txt").write_text("Objects  inherit.")
    >>> _ = (d / "orig_taska.txt").write_text("Inheritance lets objects reuse code.")
    >>> answers, sources, gold, ids, categories = read_rewrite(
    ...     d / "info.csv", [d / "g0pA_taska.txt", d / "orig_taska.txt"])
    >>> answers, gold, categories
    (['Objects inherit.'], [1.0], ['heavy'])
    """
    by_name = {p.name: p for p in texts}
    lines = [ln.rstrip("\r") for ln in read_text(info).splitlines() if ln.strip()]
    if not lines or lines[0] != "File,Task,Category":
        raise DataError(f"{info}: the header must be File,Task,Category")
    t1, t2, gold, ids, labels = [], [], [], [], []
    for i, line in enumerate(lines[1:], start=2):
        name, task, category = line.split(",")
        if category == "orig":
            continue
        if category not in LEVELS or name not in by_name:
            raise DataError(f"{info}, line {i}: {line!r} names no registered answer")
        t1.append(_text(by_name[name]))
        t2.append(_text(by_name[f"orig_task{task}.txt"]))
        gold.append(LEVELS[category])
        ids.append(name)
        labels.append(category)
    return t1, t2, gold, ids, labels
